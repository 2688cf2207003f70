import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileService } from '../infrastructure/file.service';
import { RecordVerificationCommand } from './record-verification.command';

/** A manual primary-source verification of a credential, with its evidence (an uploaded document). */
@CommandHandler(RecordVerificationCommand)
export class RecordVerificationHandler implements ICommandHandler<RecordVerificationCommand, credentialing.FileReply> {
  constructor(private readonly files: FileService) {}

  async execute({ input }: RecordVerificationCommand): Promise<credentialing.FileReply> {
    const providerId = await this.files.providerOfCredential(input.credentialId);
    const { credentialId, source, result, verifiedOn, note, evidence } = input;
    return this.files.run(providerId, (actor, now) => ({
      type: 'RecordVerification',
      data: { providerId, actor, now, verificationId: randomUUID(), credentialId, source, method: 'manual', result, verifiedOn, note: note ?? null, evidence, discrepancies: [] },
    }));
  }
}
