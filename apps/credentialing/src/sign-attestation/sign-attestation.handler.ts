import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileService } from '../infrastructure/file.service';
import { SignAttestationCommand } from './sign-attestation.command';

/** The provider answers the attestation questions and signs (typed name and date). */
@CommandHandler(SignAttestationCommand)
export class SignAttestationHandler implements ICommandHandler<SignAttestationCommand, credentialing.FileReply> {
  constructor(private readonly files: FileService) {}

  async execute({ input }: SignAttestationCommand): Promise<credentialing.FileReply> {
    const { providerId, attestation } = input;
    return this.files.run(providerId, (actor, now) => ({ type: 'SignAttestation', data: { providerId, actor, now, attestation } }));
  }
}
