import { Query } from '@nestjs/cqrs';
import type { credentialing, GridQuery } from '@app/contracts';

/** The files grid: provider, NPI, status, open items, next expiry, recredentialing due, last change. */
export class ListFilesQuery extends Query<credentialing.ListFilesReply> {
  constructor(readonly input: GridQuery) {
    super();
  }
}
