import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** A user's profile (contact data on need to know). */
export class GetProfileQuery extends Query<{ user: directory.ProfileView }> {
  constructor(readonly input: directory.UserIdRequest) {
    super();
  }
}
