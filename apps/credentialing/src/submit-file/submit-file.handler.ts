import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileService } from '../infrastructure/file.service';
import { SubmitFileCommand } from './submit-file.command';

/** Submit to the committee: refused (409 naming them) while items are open. */
@CommandHandler(SubmitFileCommand)
export class SubmitFileHandler implements ICommandHandler<SubmitFileCommand, credentialing.FileReply> {
  constructor(private readonly files: FileService) {}

  async execute({ input }: SubmitFileCommand): Promise<credentialing.FileReply> {
    const { providerId } = input;
    return this.files.run(providerId, (actor, now) => ({ type: 'SubmitFile', data: { providerId, actor, now } }));
  }
}
