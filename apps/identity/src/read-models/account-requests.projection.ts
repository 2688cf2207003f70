import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projection, RecordedEvent } from '@app/event-store';
import { ACCOUNT_REQUEST_EVENT_TYPES, type AccountRequestEvent } from '../domain/account-request.events';
import { qualified } from './qualified';

/** Account requests as the master admin reads them (identity.qry.accountRequest / pendingAccountRequests). */
@Injectable()
export class AccountRequestsProjection implements Projection {
  readonly name = 'account-requests';
  readonly eventTypes = ACCOUNT_REQUEST_EVENT_TYPES;
  readonly tables = ['account_requests'];

  async handle(event: RecordedEvent, em: EntityManager): Promise<void> {
    const table = qualified(em, 'account_requests');
    const e = { type: event.type, data: event.data } as AccountRequestEvent;
    switch (e.type) {
      case 'AccountRequested': {
        const d = e.data;
        await em.execute(
          `INSERT INTO ${table} (id, name, email, mobile, npi, practice, status, requested_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?) ON CONFLICT (id) DO NOTHING`,
          [d.requestId, d.name, d.email, d.mobile, d.npi, d.practice, d.requestedAt, event.recordedAt],
        );
        return;
      }
      case 'AccountRequestApproved': {
        const d = e.data;
        await em.execute(`UPDATE ${table} SET status = 'approved', decided_at = ?, decided_by = ?, user_id = ?, updated_at = ? WHERE id = ?`, [
          d.approvedAt,
          d.approvedBy,
          d.accountId,
          event.recordedAt,
          d.requestId,
        ]);
        return;
      }
      case 'AccountRequestDeclined': {
        const d = e.data;
        await em.execute(`UPDATE ${table} SET status = 'declined', decided_at = ?, decided_by = ?, updated_at = ? WHERE id = ?`, [
          d.declinedAt,
          d.declinedBy,
          event.recordedAt,
          d.requestId,
        ]);
        return;
      }
    }
  }

  async reset(em: EntityManager): Promise<void> {
    await em.execute(`DELETE FROM ${qualified(em, 'account_requests')}`);
  }
}
