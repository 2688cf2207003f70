import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { Pool } from 'pg';
import { identity } from '@app/contracts';
import { Forbidden, PG_POOL, Rpc, SERVICE_CONFIG, parseFields, type ServiceConfig } from '@app/nest-kit';
import { AccountLookup } from '../accounts/account-lookup';
import { requireActor } from '../sessions/actor';
import { pageOfEntries, toAuditItem, toItem } from './security-log.store';

/** Reads of the security event log: a user's own events, and everyone's for auditors. */
@Controller()
export class SecurityEventsHandler {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly lookup: AccountLookup,
  ) {}

  @Rpc('identity', 'qry', 'securityEvents')
  async own(@Payload() payload: unknown): Promise<identity.SecurityEventsReply> {
    const req = parseFields(identity.OwnSecurityEventsRequest, payload);
    const { userId } = requireActor();
    const { total, rows } = await pageOfEntries(this.pool, this.config.DATABASE_SCHEMA, { userId }, req.page, req.limit);
    return { success: true, total, page: req.page, limit: req.limit, events: rows.map(toItem) };
  }

  @Rpc('identity', 'qry', 'auditSecurityEvents')
  async audit(@Payload() payload: unknown): Promise<identity.AuditSecurityEventsReply> {
    const req = parseFields(identity.AuditSecurityEventsRequest, payload);
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
