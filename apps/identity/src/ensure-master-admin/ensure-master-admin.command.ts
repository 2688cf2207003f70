import { Command } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';

/** First run: create the master administrator unless one exists. */
export class EnsureMasterAdminCommand extends Command<identity.EnsureMasterAdminReply> {
  constructor(readonly input: identity.EnsureMasterAdminRequest) {
    super();
  }
}
