import { decideAccount, evolveAccount, initialAccountState, type AccountState } from './account.aggregate';
import type { AccountEvent } from './account.events';
import { AccountAlreadyRegistered } from './account.errors';

const given = (events: AccountEvent[]): AccountState => events.reduce(evolveAccount, initialAccountState);
const roles = { isAdmin: true, isProvider: false, isMasterAdmin: true, isAuditor: false };
const now = new Date('2026-11-21T10:00:00Z');

describe('account aggregate', () => {
  it('registers a new account with its roles and the time of registration', () => {
    const events = decideAccount(
      { type: 'RegisterAccount', data: { accountId: 'a1', userName: 'admin', email: 'a@x.io', displayName: 'Admin', roles, now } },
      given([]),
    );
    expect(events).toEqual([
      { type: 'AccountRegistered', data: { accountId: 'a1', userName: 'admin', email: 'a@x.io', displayName: 'Admin', roles, registeredAt: now.toISOString() } },
    ]);
  });

  it('rejects registering an account twice', () => {
    const past: AccountEvent[] = [
      { type: 'AccountRegistered', data: { accountId: 'a1', userName: 'admin', email: 'a@x.io', displayName: 'Admin', roles, registeredAt: now.toISOString() } },
    ];
    expect(() =>
      decideAccount({ type: 'RegisterAccount', data: { accountId: 'a1', userName: 'x', email: 'b@x.io', displayName: 'X', roles, now } }, given(past)),
    ).toThrow(AccountAlreadyRegistered);
  });

  it('never puts a password or hash into an event', () => {
    const events = decideAccount(
      { type: 'RegisterAccount', data: { accountId: 'a1', userName: 'admin', email: 'a@x.io', displayName: 'Admin', roles, now } },
      given([]),
    );
    expect(JSON.stringify(events)).not.toMatch(/password|hash/i);
  });
});
