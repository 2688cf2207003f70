import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileService } from '../infrastructure/file.service';
import { RemoveCredentialCommand } from './remove-credential.command';

/** A credential leaves the current file. */
@CommandHandler(RemoveCredentialCommand)
export class RemoveCredentialHandler implements ICommandHandler<RemoveCredentialCommand, credentialing.FileReply> {
  constructor(private readonly files: FileService) {}

  async execute({ input }: RemoveCredentialCommand): Promise<credentialing.FileReply> {
    const { providerId, credentialId } = input;
    return this.files.run(providerId, (actor, now) => ({ type: 'RemoveCredential', data: { providerId, actor, now, credentialId } }));
  }
}
