import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileService } from '../infrastructure/file.service';
import { UpdateCredentialCommand } from './update-credential.command';

/** A credential's fields replaced (its verifications then need redoing). */
@CommandHandler(UpdateCredentialCommand)
export class UpdateCredentialHandler implements ICommandHandler<UpdateCredentialCommand, credentialing.FileReply> {
  constructor(private readonly files: FileService) {}

  async execute({ input }: UpdateCredentialCommand): Promise<credentialing.FileReply> {
    const { providerId, credentialId, credential } = input;
    return this.files.run(providerId, (actor, now) => ({ type: 'UpdateCredential', data: { providerId, actor, now, credentialId, credential } }));
  }
}
