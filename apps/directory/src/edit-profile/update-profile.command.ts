import { Command } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** A user edits their own profile (the master admin anyone's); a new user name is identity's first. */
export class UpdateProfileCommand extends Command<{ success: true; usr: directory.ProfileView }> {
  constructor(readonly input: directory.UpdateProfilePayload) {
    super();
  }
}
