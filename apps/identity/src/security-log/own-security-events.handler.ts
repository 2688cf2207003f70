import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { identity } from '@app/contracts';
import { PG_POOL, SERVICE_CONFIG, type ServiceConfig } from '@app/nest-kit';
import { requireActor } from '../sessions/actor';
import { OwnSecurityEventsQuery } from './own-security-events.query';
import { pageOfEntries, toItem } from './security-log.store';

/** Reads of the security event log: a user's own events. */
@QueryHandler(OwnSecurityEventsQuery)
export class OwnSecurityEventsHandler implements IQueryHandler<OwnSecurityEventsQuery, identity.SecurityEventsReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  async execute({ input: req }: OwnSecurityEventsQuery): Promise<identity.SecurityEventsReply> {
    const { userId } = requireActor();
    const { total, rows } = await pageOfEntries(this.pool, this.config.DATABASE_SCHEMA, { userId }, req.page, req.limit);
    return { success: true, total, page: req.page, limit: req.limit, events: rows.map(toItem) };
  }
}
