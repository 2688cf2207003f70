import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { identity } from '@app/contracts';

/** Is this token's session still live? */
export class SessionLiveQuery extends Query<identity.SessionLiveReply> {
  constructor(readonly input: z.infer<typeof identity.SessionLiveRequest>) {
    super();
  }
}
