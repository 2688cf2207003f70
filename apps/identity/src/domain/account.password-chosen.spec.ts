import { credentialing } from '@app/contracts';
import { ACCOUNT_POLICY, decideAccount, evolveAccount, initialAccountState, type AccountState } from './account.aggregate';
import type { AccountEvent } from './account.events';

const given = (events: AccountEvent[]): AccountState => events.reduce(evolveAccount, initialAccountState);
const chosen = (state: AccountState) => (state.status === 'active' ? state.passwordChosen : undefined);
const t0 = '2026-11-21T10:00:00.000Z';
const roles = { isAdmin: false, isProvider: true, isMasterAdmin: false, isAuditor: false };
const registered = (passwordChosen?: boolean): AccountEvent => ({
  type: 'AccountRegistered',
  data: { accountId: 'a1', userName: 'ana', email: 'ana@x.io', displayName: 'Ana', roles, ...(passwordChosen === undefined ? {} : { passwordChosen }), registeredAt: t0 },
});
const invitation: AccountEvent = { type: 'TemporaryPasswordIssued', data: { accountId: 'a1', temporaryPasswordId: 't1', sentTo: 'a***@x.io', issuedAt: t0, expiresAt: '2026-11-28T10:00:00.000Z' } };

describe('whether the owner has a password of their own (an invitation sets one, or asks them to sign in)', () => {
  it('a provider the staff created (a generated password, or an older event without the flag) has none', () => {
    expect(chosen(given([registered()]))).toBe(false);
    expect(chosen(given([registered(false), invitation]))).toBe(false);
  });

  it('registered with a chosen password, after the link set it, after a change or a sign-in: they have one', () => {
    expect(chosen(given([registered(true)]))).toBe(true);
    expect(chosen(given([registered(), invitation, { type: 'PasswordReset', data: { accountId: 'a1', temporaryPasswordId: 't1', resetAt: t0 } }]))).toBe(true);
    expect(chosen(given([registered(), { type: 'PasswordChanged', data: { accountId: 'a1', codeId: 'c1', changedAt: t0 } }]))).toBe(true);
    expect(chosen(given([registered(), { type: 'SignInSucceeded', data: { accountId: 'a1', challengeId: 'c1', sessionId: 's1', signedInAt: t0, expiresAt: '2026-11-21T18:00:00.000Z' } }]))).toBe(true);
  });

  it('the link is valid for the days the invitation promises (INVITATION_DAYS)', () => {
    expect(ACCOUNT_POLICY.invitationTtlMs).toBe(credentialing.INVITATION_DAYS * 24 * 60 * 60_000);
  });

  it('the link works once and not after it expires', () => {
    const state = given([registered(), invitation]);
    const use = (s: AccountState, now: string) => decideAccount({ type: 'ResetPassword', data: { temporaryPasswordId: 't1', temporaryPasswordMatches: true, now: new Date(now) } }, s);
    const first = use(state, '2026-11-27T10:00:00.000Z');
    expect(first.map((e) => e.type)).toEqual(['PasswordReset']);
    const again = use(given([registered(), invitation, ...first]), '2026-11-27T11:00:00.000Z');
    expect(again).toEqual([expect.objectContaining({ type: 'PasswordResetFailed', data: expect.objectContaining({ reason: 'no-temporary-password' }) })]);
    expect(use(state, '2026-11-28T10:00:01.000Z')).toEqual([expect.objectContaining({ type: 'PasswordResetFailed', data: expect.objectContaining({ reason: 'expired' }) })]);
  });
});
