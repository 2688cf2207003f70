import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileService } from '../infrastructure/file.service';
import { ProviderNotices } from '../notify-provider/provider-notices';
import { DecideFileCommand } from './decide-file.command';

/**
 * The committee's decision, by the master admin (on a file in Committee Review, or on its appeal):
 * approval sets the recredentialing due date, a denial names its reason codes. The decision
 * letter is stored in the file and the provider and their staff are told.
 */
@CommandHandler(DecideFileCommand)
export class DecideFileHandler implements ICommandHandler<DecideFileCommand, credentialing.FileReply> {
  constructor(
    private readonly files: FileService,
    private readonly notices: ProviderNotices,
  ) {}

  async execute({ input }: DecideFileCommand): Promise<credentialing.FileReply> {
    const { providerId, decision, note, reasons } = input;
    const letterId = randomUUID();
    let by = '';
    const reply = await this.files.run(providerId, (actor, now) => {
      by = actor.userId;
      return { type: 'DecideFile', data: { providerId, actor, now, decision, note, reasons, letterId } };
    });
    await this.notices.decided(providerId, letterId, by);
    return reply;
  }
}
