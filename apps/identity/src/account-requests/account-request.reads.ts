import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { identity } from '@app/contracts';
import { EVENT_STORE, PG_POOL, type WriterStore } from '@app/nest-kit';
import { PENDING_REQUEST_SCOPE } from './account-request.writer';

type Row = {
  id: string;
  name: string;
  email: string;
  mobile: string;
  npi: string | null;
  practice: string;
  status: identity.AccountRequestStatus;
  requested_at: Date;
  decided_at: Date | null;
  user_id: string | null;
};

const view = (r: Row): identity.AccountRequestView => ({
  requestId: r.id,
  name: r.name,
  email: r.email,
  mobile: r.mobile,
  npi: r.npi,
  practice: r.practice,
  status: r.status,
  requestedAt: r.requested_at.toISOString(),
  decidedAt: r.decided_at ? r.decided_at.toISOString() : null,
  userId: r.user_id,
  suggestedUserName: identity.userNameFromEmail(r.email),
});

const COLUMNS = 'id, name, email, mobile, npi, practice, status, requested_at, decided_at, user_id';

/** Reads of the `account_requests` read model and of the pending-email claims. */
@Injectable()
export class AccountRequestReads {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: WriterStore,
  ) {}

  async byId(requestId: string): Promise<identity.AccountRequestView | null> {
    const { rows } = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM account_requests WHERE id = $1`, [requestId]);
    return rows[0] ? view(rows[0]) : null;
  }

  async pending(limit = 200): Promise<identity.AccountRequestView[]> {
    const { rows } = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM account_requests WHERE status = 'pending' ORDER BY requested_at LIMIT $1`, [limit]);
    return rows.map(view);
  }

  /** Is a request from this email waiting for a decision? (its claim, taken with the request's events) */
  async pendingFor(email: string): Promise<boolean> {
    // KurrentDB: the claim is a reservation stream.
    if (!this.store.withTransaction) return (await this.store.claimHolder(PENDING_REQUEST_SCOPE, email.toLowerCase())) !== undefined;
    const { rows } = await this.pool.query('SELECT 1 FROM claims WHERE scope = $1 AND value = $2', [PENDING_REQUEST_SCOPE, email.toLowerCase()]);
    return rows.length > 0;
  }

  /** The master admin account(s), who are notified of requests. */
  async masterAdminIds(): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM accounts WHERE is_master_admin ORDER BY registered_at');
    return rows.map((r) => r.id);
  }
}
