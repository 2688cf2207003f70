import type { Decider } from '@app/event-store';
import type { AccountRequestEvent } from './account-request.events';
import { AccountRequestAlreadyDecided, AccountRequestAlreadyMade, AccountRequestNotFound } from './account-request.errors';

/** What decisions about one request need. */
export type AccountRequestState =
  | { status: 'none' }
  | { status: 'pending'; requestId: string; email: string; notify: string[] }
  | { status: 'approved'; requestId: string; email: string; notify: string[]; accountId: string }
  | { status: 'declined'; requestId: string; email: string; notify: string[] };

export const initialAccountRequestState: AccountRequestState = { status: 'none' };

export type RequestAccount = {
  type: 'RequestAccount';
  data: { requestId: string; name: string; email: string; mobile: string; npi: string | null; practice: string; notify: string[]; now: Date };
};
/** The account exists (created by the admin add-user flow): the request is approved with it. */
export type ApproveAccountRequest = { type: 'ApproveAccountRequest'; data: { accountId: string; userName: string; by: string; now: Date } };
export type DeclineAccountRequest = { type: 'DeclineAccountRequest'; data: { by: string; now: Date } };
export type AccountRequestCommand = RequestAccount | ApproveAccountRequest | DeclineAccountRequest;

export function evolveAccountRequest(state: AccountRequestState, event: AccountRequestEvent): AccountRequestState {
  switch (event.type) {
    case 'AccountRequested':
      return { status: 'pending', requestId: event.data.requestId, email: event.data.email, notify: event.data.notify };
    case 'AccountRequestApproved':
      return state.status === 'none' ? state : { status: 'approved', requestId: state.requestId, email: state.email, notify: state.notify, accountId: event.data.accountId };
    case 'AccountRequestDeclined':
      return state.status === 'none' ? state : { status: 'declined', requestId: state.requestId, email: state.email, notify: state.notify };
    default:
      return state;
  }
}

/**
 * A request is made once, then decided once: any decision after the first is a 409, approving
 * again with the same account too (the answer must not depend on how far a read model is).
 */
export function decideAccountRequest(command: AccountRequestCommand, state: AccountRequestState): AccountRequestEvent[] {
  if (command.type === 'RequestAccount') {
    if (state.status !== 'none') throw new AccountRequestAlreadyMade();
    const { now, ...data } = command.data;
    return [{ type: 'AccountRequested', data: { ...data, email: data.email.toLowerCase(), requestedAt: now.toISOString() } }];
  }
  if (state.status === 'none') throw new AccountRequestNotFound();
  switch (command.type) {
    case 'ApproveAccountRequest': {
      if (state.status !== 'pending') throw new AccountRequestAlreadyDecided(state.status);
      const { accountId, userName, by, now } = command.data;
      return [
        { type: 'AccountRequestApproved', data: { requestId: state.requestId, accountId, userName, approvedBy: by, approvedAt: now.toISOString(), notify: state.notify } },
      ];
    }
    case 'DeclineAccountRequest': {
      if (state.status !== 'pending') throw new AccountRequestAlreadyDecided(state.status);
      const { by, now } = command.data;
      return [{ type: 'AccountRequestDeclined', data: { requestId: state.requestId, declinedBy: by, declinedAt: now.toISOString(), notify: state.notify } }];
    }
  }
}

export const accountRequestDecider: Decider<AccountRequestState, AccountRequestCommand, AccountRequestEvent> = {
  decide: decideAccountRequest,
  evolve: evolveAccountRequest,
  initialState: () => initialAccountRequestState,
};

export const accountRequestStreamId = (requestId: string) => `account-request-${requestId}`;
