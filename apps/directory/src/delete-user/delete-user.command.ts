import { Command } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** An admin deletes a user's profile (never their own, never the master admin's). */
export class DeleteUserCommand extends Command<{ success: true }> {
  constructor(readonly input: directory.UserIdRequest) {
    super();
  }
}
