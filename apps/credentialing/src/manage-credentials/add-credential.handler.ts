import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileService } from '../infrastructure/file.service';
import { AddCredentialCommand } from './add-credential.command';

/** A credential of one of the six kinds joins the current file (a given id makes a retry idempotent). */
@CommandHandler(AddCredentialCommand)
export class AddCredentialHandler implements ICommandHandler<AddCredentialCommand, credentialing.FileReply> {
  constructor(private readonly files: FileService) {}

  async execute({ input }: AddCredentialCommand): Promise<credentialing.FileReply> {
    const { providerId, credential } = input;
    const credentialId = input.credentialId ?? randomUUID();
    return this.files.run(providerId, (actor, now) => ({ type: 'AddCredential', data: { providerId, actor, now, credentialId, credential } }));
  }
}
