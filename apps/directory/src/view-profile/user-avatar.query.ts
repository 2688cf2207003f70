import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** A user's avatar by user name. */
export class UserAvatarQuery extends Query<{ avatar: string | null }> {
  constructor(readonly input: directory.UserAvatarQuery) {
    super();
  }
}
