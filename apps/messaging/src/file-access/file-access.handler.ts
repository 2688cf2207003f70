import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';
import { ChatAccess, caller } from '../infrastructure/chat-access';
import { FileAccessQuery } from './file-access.query';

/** May the caller download this room's files? Only its participants (403 for anyone else). */
@QueryHandler(FileAccessQuery)
export class FileAccessHandler implements IQueryHandler<FileAccessQuery, messaging.FileAccessReply> {
  constructor(private readonly access: ChatAccess) {}

  async execute({ input }: FileAccessQuery): Promise<messaging.FileAccessReply> {
    await this.access.requireReader(input.chatId, caller());
    return { allowed: true };
  }
}
