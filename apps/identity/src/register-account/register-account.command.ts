import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { identity } from '@app/contracts';

/** Registers an account (internal: tests, and the later "Create User Profile"). */
export class RegisterAccountCommand extends Command<identity.RegisterAccountReply> {
  constructor(readonly input: z.infer<typeof identity.RegisterAccountRequest>) {
    super();
  }
}
