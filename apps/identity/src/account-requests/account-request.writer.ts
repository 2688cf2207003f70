import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { PostgresEventStore } from '@app/event-store';
import { AggregateWriter, EventPipeline } from '@app/nest-kit';
import {
  accountRequestStreamId,
  decideAccountRequest,
  evolveAccountRequest,
  initialAccountRequestState,
  type AccountRequestCommand,
  type AccountRequestState,
} from '../domain/account-request.aggregate';
import type { AccountRequestEvent } from '../domain/account-request.events';

/** Another request from the same email is pending: nothing is appended, the caller answers as if it were new. */
export class PendingRequestExists extends Error {}

/**
 * Account requests on the kit's one writer (stream `account-request-<id>`). In the append's
 * transaction it keeps `account_request_pending` in step, the only place where "one pending
 * request per email" holds: a request claims its email, its decision frees it.
 */
@Injectable()
export class AccountRequestWriter extends AggregateWriter<AccountRequestState, AccountRequestEvent, AccountRequestCommand> {
  constructor(store: PostgresEventStore, pipeline: EventPipeline) {
    super(store, pipeline, {
      streamId: accountRequestStreamId,
      decide: decideAccountRequest,
      evolve: evolveAccountRequest,
      initialState: () => initialAccountRequestState,
      projections: ['account-requests'],
      conflict: 'The account request was changed at the same time; please try again',
      inTransaction: pendingClaims,
    });
  }
}

async function pendingClaims(client: PoolClient, { events }: { events: AccountRequestEvent[] }): Promise<void> {
  for (const e of events) {
    if (e.type === 'AccountRequested') {
      const r = await client.query('INSERT INTO account_request_pending (email, request_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        e.data.email.toLowerCase(),
        e.data.requestId,
      ]);
      if (r.rowCount === 0) throw new PendingRequestExists();
    } else {
      await client.query('DELETE FROM account_request_pending WHERE request_id = $1', [e.data.requestId]);
    }
  }
}
