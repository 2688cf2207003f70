import { Command } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** A profile's banner or avatar becomes an uploaded image (the user's own, or anyone's for the master admin). */
export class ChangeProfileImageCommand extends Command<{ success: true; usr: directory.ProfileView }> {
  constructor(readonly input: directory.ChangeImagePayload) {
    super();
  }
}
