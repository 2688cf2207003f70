import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { identity } from '@app/contracts';
import { Forbidden, PG_POOL, SERVICE_CONFIG, type ServiceConfig } from '@app/nest-kit';
import { AccountLookup } from '../accounts/account-lookup';
import { requireActor } from '../sessions/actor';
import { AuditSecurityEventsQuery } from './audit-security-events.query';
import { pageOfEntries, toAuditItem } from './security-log.store';

/** Reads of the security event log: everyone's events, for auditors. */
@QueryHandler(AuditSecurityEventsQuery)
export class AuditSecurityEventsHandler implements IQueryHandler<AuditSecurityEventsQuery, identity.AuditSecurityEventsReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly lookup: AccountLookup,
  ) {}

  async execute({ input: req }: AuditSecurityEventsQuery): Promise<identity.AuditSecurityEventsReply> {
    const { userId } = requireActor();
    const me = await this.lookup.requireById(userId);
    if (!me.isAuditor && !me.isMasterAdmin) throw new Forbidden('Only auditors may read the security log');
    const { total, rows } = await pageOfEntries(
      this.pool,
      this.config.DATABASE_SCHEMA,
      { userId: req.userId, type: req.type, from: req.from, to: req.to },
      req.page,
      req.limit,
    );
    return { success: true, total, page: req.page, limit: req.limit, events: rows.map(toAuditItem) };
  }
}
