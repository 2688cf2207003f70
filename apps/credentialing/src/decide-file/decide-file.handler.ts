import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileService } from '../infrastructure/file.service';
import { DecideFileCommand } from './decide-file.command';

/** The committee's decision, by the master admin: approval sets the recredentialing due date. */
@CommandHandler(DecideFileCommand)
export class DecideFileHandler implements ICommandHandler<DecideFileCommand, credentialing.FileReply> {
  constructor(private readonly files: FileService) {}

  async execute({ input }: DecideFileCommand): Promise<credentialing.FileReply> {
    const { providerId, decision, note } = input;
    return this.files.run(providerId, (actor, now) => ({ type: 'DecideFile', data: { providerId, actor, now, decision, note } }));
  }
}
