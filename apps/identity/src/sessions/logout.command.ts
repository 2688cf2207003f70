import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** Ends the caller's session (the session comes from the request context). */
export class LogoutCommand extends Command<identity.SuccessReply> {}
