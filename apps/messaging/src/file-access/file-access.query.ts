import { Query } from '@nestjs/cqrs';
import type { messaging } from '@app/contracts';

/** May the caller download this room's files? Only its participants (403 for anyone else). */
export class FileAccessQuery extends Query<messaging.FileAccessReply> {
  constructor(readonly input: messaging.FileAccessRequest) {
    super();
  }
}
