import { Injectable } from '@nestjs/common';
import { PostgresEventStore, type Claim } from '@app/event-store';
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

/** The claim that keeps one pending request per email (the store's claims, in the append). */
export const PENDING_REQUEST_SCOPE = 'account-request.email';

/** A pending request holds its email; its decision frees it. */
export function pendingRequestClaims(state: AccountRequestState): Claim[] {
  return state.status === 'pending' ? [{ scope: PENDING_REQUEST_SCOPE, value: state.email.toLowerCase(), owner: state.requestId }] : [];
}

/**
 * Account requests on the kit's one writer (stream `account-request-<id>`), with the kit's one
 * uniqueness mechanism: a pending request claims its email, its decision releases it, so "one
 * pending request per email" holds in the append itself.
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
      claims: pendingRequestClaims,
      taken: () => new PendingRequestExists(),
    });
  }
}
