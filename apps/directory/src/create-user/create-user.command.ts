import { Command } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** An admin creates a user: a profile here, an account in identity, safe to retry under one request key. */
export class CreateUserCommand extends Command<directory.CreateUserReply> {
  constructor(readonly input: directory.CreateUserPayload) {
    super();
  }
}
