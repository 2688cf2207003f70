import { testing } from '@app/event-store';
import { accountRequestDecider } from './account-request.aggregate';
import { AccountRequestAlreadyDecided, AccountRequestAlreadyMade, AccountRequestNotFound } from './account-request.errors';
import type { AccountRequestEvent } from './account-request.events';

const { DeciderSpecification } = testing;
const spec = DeciderSpecification.for(accountRequestDecider);

const t0 = new Date('2026-11-26T08:00:00.000Z');
const t1 = new Date('2026-11-26T09:00:00.000Z');
const asked = { requestId: 'r1', name: 'Jane Doe', mobile: '+12025550123', npi: null, practice: 'Doe Clinic', notify: ['admin-1'] };
const requested: AccountRequestEvent = { type: 'AccountRequested', data: { ...asked, email: 'jane@clinic.org', requestedAt: t0.toISOString() } };
const approved: AccountRequestEvent = {
  type: 'AccountRequestApproved',
  data: { requestId: 'r1', accountId: 'a1', userName: 'jane', approvedBy: 'admin-1', approvedAt: t1.toISOString(), notify: ['admin-1'] },
};
const declined: AccountRequestEvent = { type: 'AccountRequestDeclined', data: { requestId: 'r1', declinedBy: 'admin-1', declinedAt: t1.toISOString(), notify: ['admin-1'] } };

describe('account request: asking', () => {
  it('records the request with its email lower-cased and whom to notify', () => {
    spec
      .given([])
      .when({ type: 'RequestAccount', data: { ...asked, email: 'Jane@Clinic.org', now: t0 } })
      .then([requested]);
  });

  it('refuses the same request twice', () => {
    spec.given([requested]).when({ type: 'RequestAccount', data: { ...asked, email: 'jane@clinic.org', now: t1 } }).thenThrows(AccountRequestAlreadyMade);
  });
});

describe('account request: the master admin decides', () => {
  const approve = { type: 'ApproveAccountRequest', data: { accountId: 'a1', userName: 'jane', by: 'admin-1', now: t1 } } as const;
  const decline = { type: 'DeclineAccountRequest', data: { by: 'admin-1', now: t1 } } as const;

  it('approves a pending request with the account created for it', () => {
    spec.given([requested]).when(approve).then([approved]);
  });

  it('declines a pending request', () => {
    spec.given([requested]).when(decline).then([declined]);
  });

  it('refuses a second approval even with the same account (a double click is a 409, whatever the read model shows)', () => {
    spec.given([requested, approved]).when(approve).thenThrows(AccountRequestAlreadyDecided);
  });

  it('refuses a second decision: approving a declined request, declining an approved one, another account', () => {
    spec.given([requested, declined]).when(approve).thenThrows(AccountRequestAlreadyDecided);
    spec.given([requested, approved]).when(decline).thenThrows(AccountRequestAlreadyDecided);
    spec.given([requested, declined]).when(decline).thenThrows(AccountRequestAlreadyDecided);
    spec
      .given([requested, approved])
      .when({ type: 'ApproveAccountRequest', data: { ...approve.data, accountId: 'a2' } })
      .thenThrows(AccountRequestAlreadyDecided);
  });

  it('knows no request that was never made', () => {
    spec.given([]).when(approve).thenThrows(AccountRequestNotFound);
    spec.given([]).when(decline).thenThrows(AccountRequestNotFound);
  });
});
