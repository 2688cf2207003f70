/**
 * Events of one account request (stream `account-request-<requestId>`): asked by a signed-out
 * visitor, then approved (the account exists) or declined by the master admin. Contact data
 * stays in these internal events and identity's read model; the integration events carry only
 * the name and practice (integration-events.ts). Never a password. A decision repeats whom the
 * request notified, so their notifications can show the outcome.
 */
export type AccountRequested = {
  type: 'AccountRequested';
  data: {
    requestId: string;
    name: string;
    /** Lower-cased. */
    email: string;
    /** E.164 */
    mobile: string;
    npi: string | null;
    practice: string;
    /** The master admin account(s) to notify, as they were when the request arrived. */
    notify: string[];
    requestedAt: string;
  };
};

export type AccountRequestApproved = {
  type: 'AccountRequestApproved';
  data: { requestId: string; accountId: string; userName: string; approvedBy: string; approvedAt: string; notify: string[] };
};

export type AccountRequestDeclined = {
  type: 'AccountRequestDeclined';
  data: { requestId: string; declinedBy: string; declinedAt: string; notify: string[] };
};

export type AccountRequestEvent = AccountRequested | AccountRequestApproved | AccountRequestDeclined;

export const ACCOUNT_REQUEST_EVENT_TYPES: readonly AccountRequestEvent['type'][] = ['AccountRequested', 'AccountRequestApproved', 'AccountRequestDeclined'];
