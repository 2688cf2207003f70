import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileService } from '../infrastructure/file.service';
import { DeclareApplicationCommand } from './declare-application.command';

/** The application's questions (does the provider hold a DEA registration, a board certification?). */
@CommandHandler(DeclareApplicationCommand)
export class DeclareApplicationHandler implements ICommandHandler<DeclareApplicationCommand, credentialing.FileReply> {
  constructor(private readonly files: FileService) {}

  async execute({ input }: DeclareApplicationCommand): Promise<credentialing.FileReply> {
    const { providerId, hasDea, hasBoardCertification } = input;
    return this.files.run(providerId, (actor, now) => ({ type: 'DeclareApplication', data: { providerId, actor, now, hasDea, hasBoardCertification } }));
  }
}
