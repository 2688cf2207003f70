import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { identity } from '@app/contracts';
import { NotFound } from '@app/nest-kit';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { DevOutbox } from '../delivery/dev-outbox';
import { DevOutboxQuery } from './dev-outbox.query';

/** Lists the development outbox, newest first (GET /api/dev/outbox). Does not exist in production. */
@QueryHandler(DevOutboxQuery)
export class DevOutboxHandler implements IQueryHandler<DevOutboxQuery, identity.DevOutboxMessage[]> {
  constructor(
    private readonly outbox: DevOutbox,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ input: req }: DevOutboxQuery): Promise<identity.DevOutboxMessage[]> {
    if (this.config.NODE_ENV === 'production') throw new NotFound();
    return this.outbox.list(req.to);
  }
}
