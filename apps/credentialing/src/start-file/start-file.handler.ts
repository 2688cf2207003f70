import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { NotFound } from '@app/errors';
import { FileAccess } from '../infrastructure/file-access';
import { FileService } from '../infrastructure/file.service';
import { StartFileCommand } from './start-file.command';

/** 404 unless the directory has said the profile is a provider's; 409 while a cycle is open. */
@CommandHandler(StartFileCommand)
export class StartFileHandler implements ICommandHandler<StartFileCommand, credentialing.FileReply> {
  constructor(
    private readonly files: FileService,
    private readonly access: FileAccess,
  ) {}

  async execute({ input }: StartFileCommand): Promise<credentialing.FileReply> {
    const { providerId } = input;
    if (!(await this.access.provider(providerId, true))) throw new NotFound('No provider profile with this id');
    const cycleId = randomUUID();
    return this.files.run(providerId, (actor, now) => ({ type: 'StartFile', data: { providerId, actor, now, cycleId } }));
  }
}
