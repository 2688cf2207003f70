import { testing } from '@app/event-store';
import { ACCOUNT_POLICY, accountDecider, decideAccount, evolveAccount, initialAccountState, type AccountState } from './account.aggregate';
import type { AccountEvent } from './account.events';
import {
  AccountAlreadyRegistered,
  AccountNotFound,
  CodeResendLimitReached,
  CodeResendTooSoon,
  ReauthenticationRequired,
  SessionNotLive,
  SignInChallengeClosed,
  MasterAdminRoleFixed,
} from './account.errors';

const { DeciderSpecification } = testing;
const spec = DeciderSpecification.for(accountDecider);

const given = (events: AccountEvent[]): AccountState => events.reduce(evolveAccount, initialAccountState);
const roles = { isAdmin: true, isProvider: false, isMasterAdmin: true, isAuditor: false };
const t0 = new Date('2026-11-21T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: { accountId: 'a1', userName: 'jdoe', email: 'j@x.io', mobile: '+12025550123', displayName: 'J Doe', roles, registeredAt: t0.toISOString() },
};
const challengeIssued: AccountEvent = {
  type: 'SignInCodeIssued',
  data: { accountId: 'a1', challengeId: 'c1', channel: 'sms', sentTo: '(***) ***-0123', issuedAt: iso(0), expiresAt: iso(10 * MIN) },
};
const wrongCode = (failures: number): AccountEvent => ({
  type: 'SignInCodeRejected',
  data: { accountId: 'a1', challengeId: 'c1', reason: 'wrong-code', failures, challengeDead: failures >= 5, rejectedAt: iso(failures * 1000) },
});
const signedIn = (sessionId: string, ms = 0): AccountEvent => ({
  type: 'SignInSucceeded',
  data: { accountId: 'a1', challengeId: 'c1', sessionId, signedInAt: iso(ms), expiresAt: iso(ms + 8 * HOUR) },
});
const verify = (codeMatches: boolean, ms = 1000) =>
  ({ type: 'VerifySignInCode', data: { challengeId: 'c1', codeMatches, sessionId: 's1', sessionTtlMs: 8 * HOUR, now: at(ms) } }) as const;

describe('account aggregate: registration', () => {
  it('registers a new account with its roles and the time of registration', () => {
    spec
      .given([])
      .when({ type: 'RegisterAccount', data: { accountId: 'a1', userName: 'admin', email: 'a@x.io', displayName: 'Admin', roles, now: t0 } })
      .then([
        { type: 'AccountRegistered', data: { accountId: 'a1', userName: 'admin', email: 'a@x.io', displayName: 'Admin', roles, registeredAt: t0.toISOString() } },
      ]);
  });

  it('rejects registering an account twice', () => {
    spec
      .given([registered])
      .when({ type: 'RegisterAccount', data: { accountId: 'a1', userName: 'x', email: 'b@x.io', displayName: 'X', roles, now: t0 } })
      .thenThrows(AccountAlreadyRegistered);
  });

  it('refuses any other command for an account that does not exist', () => {
    spec.given([]).when({ type: 'SignOut', data: { sessionId: 's1', now: t0 } }).thenThrows(AccountNotFound);
  });
});

describe('account aggregate: sign-in second factor', () => {
  it('opens a challenge valid for 10 minutes', () => {
    spec
      .given([registered])
      .when({ type: 'IssueSignInCode', data: { challengeId: 'c1', channel: 'sms', sentTo: '(***) ***-0123', now: t0 } })
      .then([challengeIssued]);
  });

  it('opens a session when the code matches', () => {
    spec.given([registered, challengeIssued]).when(verify(true)).then([signedIn('s1', 1000)]);
  });

  it('counts a wrong code and keeps the challenge open', () => {
    spec.given([registered, challengeIssued]).when(verify(false)).then([wrongCode(1)]);
  });

  it('kills the challenge on the fifth wrong code', () => {
    const events = decideAccount(verify(false, 5000), given([registered, challengeIssued, wrongCode(1), wrongCode(2), wrongCode(3), wrongCode(4)]));
    expect(events).toEqual([wrongCode(5)]);
  });

  it('rejects a second sign-in code after five wrong tries, even the right one', () => {
    spec
      .given([registered, challengeIssued, wrongCode(1), wrongCode(2), wrongCode(3), wrongCode(4), wrongCode(5)])
      .when(verify(true, 6000))
      .then((events) => {
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ type: 'SignInCodeRejected', data: { reason: 'challenge-closed', challengeDead: true } });
      });
  });

  it('refuses a code after 10 minutes', () => {
    spec
      .given([registered, challengeIssued])
      .when(verify(true, ACCOUNT_POLICY.signInCodeTtlMs))
      .then((events) => expect(events[0]).toMatchObject({ type: 'SignInCodeRejected', data: { reason: 'expired', challengeDead: true } }));
  });

  it('uses a code only once', () => {
    spec
      .given([registered, challengeIssued, signedIn('s1', 1000)])
      .when(verify(true, 2000))
      .then((events) => expect(events[0]).toMatchObject({ type: 'SignInCodeRejected', data: { reason: 'challenge-closed' } }));
  });

  it('sends a new code at most once per 30 seconds', () => {
    const resend = (ms: number) => ({ type: 'ResendSignInCode', data: { challengeId: 'c1', channel: 'sms', sentTo: 'x', now: at(ms) } }) as const;
    spec.given([registered, challengeIssued]).when(resend(10_000)).thenThrows(CodeResendTooSoon, (e) => e.retryAfterSeconds === 20);
    spec
      .given([registered, challengeIssued])
      .when(resend(30_000))
      .then([{ type: 'SignInCodeResent', data: { accountId: 'a1', challengeId: 'c1', channel: 'sms', sentTo: 'x', resentAt: iso(30_000), resends: 1 } }]);
  });

  it('sends a new code at most 5 times per challenge', () => {
    const resent = (n: number): AccountEvent => ({
      type: 'SignInCodeResent',
      data: { accountId: 'a1', challengeId: 'c1', channel: 'sms', sentTo: 'x', resentAt: iso(n * 30_000), resends: n },
    });
    spec
      .given([registered, challengeIssued, resent(1), resent(2), resent(3), resent(4), resent(5)])
      .when({ type: 'ResendSignInCode', data: { challengeId: 'c1', channel: 'sms', sentTo: 'x', now: at(6 * 30_000) } })
      .thenThrows(CodeResendLimitReached);
  });

  it('will not resend for a challenge that is dead', () => {
    spec
      .given([registered, challengeIssued, wrongCode(1), wrongCode(2), wrongCode(3), wrongCode(4), wrongCode(5)])
      .when({ type: 'ResendSignInCode', data: { challengeId: 'c1', channel: 'sms', sentTo: 'x', now: at(60_000) } })
      .thenThrows(SignInChallengeClosed);
  });
});

describe('account aggregate: sessions', () => {
  it('signs out a live session, and does nothing for an unknown one', () => {
    spec
      .given([registered, challengeIssued, signedIn('s1')])
      .when({ type: 'SignOut', data: { sessionId: 's1', now: at(MIN) } })
      .then([{ type: 'SignedOut', data: { accountId: 'a1', sessionId: 's1', signedOutAt: iso(MIN) } }]);
    spec.given([registered, challengeIssued, signedIn('s1')]).when({ type: 'SignOut', data: { sessionId: 'nope', now: at(MIN) } }).thenNothingHappened();
  });

  it('forgets sessions that expired when a new one opens', () => {
    const state = given([registered, challengeIssued, signedIn('old', 0), { ...challengeIssued }, signedIn('new', 9 * HOUR)]);
    expect(state.status === 'active' && Object.keys(state.sessions)).toEqual(['new']);
  });
});

describe('account aggregate: temporary passwords', () => {
  const issued: AccountEvent = {
    type: 'TemporaryPasswordIssued',
    data: { accountId: 'a1', temporaryPasswordId: 't1', sentTo: 'j***@x.io', issuedAt: iso(0), expiresAt: iso(15 * MIN) },
  };
  const reset = (matches: boolean, ms = MIN, id: string | null = 't1') =>
    ({ type: 'ResetPassword', data: { temporaryPasswordId: id, temporaryPasswordMatches: matches, now: at(ms) } }) as const;

  it('issues a temporary password valid 15 minutes', () => {
    spec
      .given([registered])
      .when({ type: 'IssueTemporaryPassword', data: { temporaryPasswordId: 't1', sentTo: 'j***@x.io', now: t0 } })
      .then([issued]);
  });

  it('resets the password and ends every live session', () => {
    spec
      .given([registered, challengeIssued, signedIn('s1')])
      .when({ type: 'IssueTemporaryPassword', data: { temporaryPasswordId: 't1', sentTo: 'j***@x.io', now: t0 } })
      .then([issued]);
    spec
      .given([registered, challengeIssued, signedIn('s1'), issued])
      .when(reset(true))
      .then([
        { type: 'PasswordReset', data: { accountId: 'a1', temporaryPasswordId: 't1', resetAt: iso(MIN) } },
        { type: 'SessionsRevoked', data: { accountId: 'a1', sessionIds: ['s1'], reason: 'password-reset', revokedAt: iso(MIN) } },
      ]);
  });

  it('works once only', () => {
    spec
      .given([registered, issued, { type: 'PasswordReset', data: { accountId: 'a1', temporaryPasswordId: 't1', resetAt: iso(MIN) } }])
      .when(reset(true, 2 * MIN))
      .then((events) => expect(events[0]).toMatchObject({ type: 'PasswordResetFailed', data: { reason: 'no-temporary-password' } }));
  });

  it('expires after 15 minutes', () => {
    spec
      .given([registered, issued])
      .when(reset(true, 15 * MIN))
      .then((events) => expect(events[0]).toMatchObject({ type: 'PasswordResetFailed', data: { reason: 'expired', temporaryPasswordDead: true } }));
  });

  it('dies after five wrong tries', () => {
    const failed = (n: number): AccountEvent => ({
      type: 'PasswordResetFailed',
      data: { accountId: 'a1', temporaryPasswordId: 't1', reason: 'wrong-temporary-password', failures: n, temporaryPasswordDead: n >= 5, failedAt: iso(n) },
    });
    spec
      .given([registered, issued, failed(1), failed(2), failed(3), failed(4)])
      .when(reset(false))
      .then((events) => expect(events).toEqual([{ type: 'PasswordResetFailed', data: { ...failed(5).data, failedAt: iso(MIN) } }]));
    spec
      .given([registered, issued, failed(1), failed(2), failed(3), failed(4), failed(5)])
      .when(reset(true))
      .then((events) => expect(events[0].type).toBe('PasswordResetFailed'));
  });
});

describe('account aggregate: account dialogs', () => {
  const session = [registered, challengeIssued, signedIn('s1')];
  const reauthenticated: AccountEvent = { type: 'Reauthenticated', data: { accountId: 'a1', sessionId: 's1', reauthenticatedAt: iso(MIN) } };
  const issueEmail = (ms: number) =>
    ({
      type: 'IssueVerificationCode',
      data: { purpose: 'email-change', codeId: 'v1', target: 'new@x.io', channel: 'email', sentTo: 'n***@x.io', sessionId: 's1', now: at(ms) },
    }) as const;
  const emailCodeIssued: AccountEvent = {
    type: 'VerificationCodeIssued',
    data: {
      accountId: 'a1',
      purpose: 'email-change',
      codeId: 'v1',
      target: 'new@x.io',
      channel: 'email',
      sentTo: 'n***@x.io',
      sessionId: 's1',
      issuedAt: iso(2 * MIN),
      expiresAt: iso(12 * MIN),
    },
  };
  const confirmEmail = (codeMatches: boolean, target = 'new@x.io', sessionId = 's1') =>
    ({ type: 'ConfirmVerificationCode', data: { purpose: 'email-change', codeId: 'v1', target, codeMatches, sessionId, now: at(3 * MIN) } }) as const;

  it('records a reauthentication for a live session only', () => {
    spec.given(session).when({ type: 'Reauthenticate', data: { sessionId: 's1', passwordMatches: true, now: at(MIN) } }).then([reauthenticated]);
    spec.given(session).when({ type: 'Reauthenticate', data: { sessionId: 'other', passwordMatches: true, now: at(MIN) } }).thenThrows(SessionNotLive);
  });

  it('needs a reauthentication within 10 minutes before sending an email-change code', () => {
    spec.given(session).when(issueEmail(2 * MIN)).thenThrows(ReauthenticationRequired);
    spec.given([...session, reauthenticated]).when(issueEmail(2 * MIN)).then([emailCodeIssued]);
    spec.given([...session, reauthenticated]).when(issueEmail(11 * MIN + 1)).thenThrows(ReauthenticationRequired);
  });

  it('changes the email with the right code and revokes every session', () => {
    spec
      .given([...session, reauthenticated, emailCodeIssued])
      .when(confirmEmail(true))
      .then([
        { type: 'EmailChanged', data: { accountId: 'a1', codeId: 'v1', previousEmail: 'j@x.io', email: 'new@x.io', changedAt: iso(3 * MIN) } },
        { type: 'SessionsRevoked', data: { accountId: 'a1', sessionIds: ['s1'], reason: 'email-changed', revokedAt: iso(3 * MIN) } },
      ]);
  });

  it('refuses a code for another email or from another session', () => {
    spec
      .given([...session, reauthenticated, emailCodeIssued])
      .when(confirmEmail(true, 'other@x.io'))
      .then((events) => expect(events[0]).toMatchObject({ type: 'VerificationCodeRejected', data: { reason: 'other-target', failures: 1 } }));
    spec
      .given([...session, reauthenticated, emailCodeIssued])
      .when(confirmEmail(true, 'new@x.io', 's2'))
      .then((events) => expect(events[0].type).toBe('VerificationCodeRejected'));
  });

  it('changes the password with a code sent to the account email, without reauthentication', () => {
    const issued = decideAccount(
      {
        type: 'IssueVerificationCode',
        data: { purpose: 'password-change', codeId: 'p1', target: 'j@x.io', channel: 'email', sentTo: 'j***@x.io', sessionId: 's1', now: at(MIN) },
      },
      given(session),
    );
    spec
      .given([...session, ...issued])
      .when({ type: 'ConfirmVerificationCode', data: { purpose: 'password-change', codeId: 'p1', target: 'j@x.io', codeMatches: true, sessionId: 's1', now: at(2 * MIN) } })
      .then([
        { type: 'PasswordChanged', data: { accountId: 'a1', codeId: 'p1', changedAt: iso(2 * MIN) } },
        { type: 'SessionsRevoked', data: { accountId: 'a1', sessionIds: ['s1'], reason: 'password-changed', revokedAt: iso(2 * MIN) } },
      ]);
  });

  it('changes the mobile and keeps the new number in state', () => {
    const issued = decideAccount(
      {
        type: 'IssueVerificationCode',
        data: { purpose: 'mobile-change', codeId: 'm1', target: '+923001234567', channel: 'sms', sentTo: 'x', sessionId: 's1', now: at(2 * MIN) },
      },
      given([...session, reauthenticated]),
    );
    const events = decideAccount(
      { type: 'ConfirmVerificationCode', data: { purpose: 'mobile-change', codeId: 'm1', target: '+923001234567', codeMatches: true, sessionId: 's1', now: at(3 * MIN) } },
      given([...session, reauthenticated, ...issued]),
    );
    expect(events[0]).toMatchObject({ type: 'MobileChanged', data: { previousMobile: '+12025550123', mobile: '+923001234567' } });
    const state = given([...session, reauthenticated, ...issued, ...events]);
    expect(state.status === 'active' && state.mobile).toBe('+923001234567');
    expect(state.status === 'active' && state.sessions).toEqual({});
  });

  it('sends a new verification code at most once per 30 seconds', () => {
    spec
      .given([...session, reauthenticated, emailCodeIssued])
      .when(issueEmail(2 * MIN + 10_000))
      .thenThrows(CodeResendTooSoon);
  });
});

describe('account aggregate: roles', () => {
  it('grants the auditor role once', () => {
    spec
      .given([registered])
      .when({ type: 'SetAuditorRole', data: { isAuditor: true, changedBy: 'm1', now: t0 } })
      .then([{ type: 'AccountRolesChanged', data: { accountId: 'a1', roles: { ...roles, isAuditor: true }, changedBy: 'm1', changedAt: t0.toISOString() } }]);
    spec.given([registered]).when({ type: 'SetAuditorRole', data: { isAuditor: false, changedBy: 'm1', now: t0 } }).thenNothingHappened();
  });

  it('grants and withdraws the admin identity beside the provider one, never the master admin\'s', () => {
    const provider: AccountEvent = { ...registered, data: { ...registered.data, roles: { ...roles, isAdmin: false, isMasterAdmin: false, isProvider: true } } } as AccountEvent;
    const granted = { accountId: 'a1', roles: { ...roles, isMasterAdmin: false, isProvider: true, isAdmin: true }, changedBy: 'm1', changedAt: t0.toISOString() };
    spec
      .given([provider])
      .when({ type: 'SetAdminRole', data: { isAdmin: true, changedBy: 'm1', now: t0 } })
      .then([{ type: 'AccountRolesChanged', data: granted }]);
    spec
      .given([provider, { type: 'AccountRolesChanged', data: granted }])
      .when({ type: 'SetAdminRole', data: { isAdmin: false, changedBy: 'm1', now: t0 } })
      .then([{ type: 'AccountRolesChanged', data: { ...granted, roles: { ...granted.roles, isAdmin: false } } }]);
    spec.given([provider]).when({ type: 'SetAdminRole', data: { isAdmin: false, changedBy: 'm1', now: t0 } }).thenNothingHappened();
    spec.given([registered]).when({ type: 'SetAdminRole', data: { isAdmin: false, changedBy: 'm1', now: t0 } }).thenThrows(MasterAdminRoleFixed);
  });

  it('designates and revokes a Committee member and a Medical Director, each once', () => {
    const member = { accountId: 'a1', roles: { ...roles, isCommitteeMember: true }, changedBy: 'm1', changedAt: t0.toISOString() };
    spec
      .given([registered])
      .when({ type: 'SetCommitteeRole', data: { role: 'committeeMember', granted: true, changedBy: 'm1', now: t0 } })
      .then([{ type: 'AccountRolesChanged', data: member }]);
    spec
      .given([registered, { type: 'AccountRolesChanged', data: member }])
      .when({ type: 'SetCommitteeRole', data: { role: 'medicalDirector', granted: true, changedBy: 'm1', now: t0 } })
      .then([{ type: 'AccountRolesChanged', data: { ...member, roles: { ...member.roles, isMedicalDirector: true } } }]);
    spec
      .given([registered, { type: 'AccountRolesChanged', data: member }])
      .when({ type: 'SetCommitteeRole', data: { role: 'committeeMember', granted: false, changedBy: 'm1', now: t0 } })
      .then([{ type: 'AccountRolesChanged', data: { ...member, roles: { ...member.roles, isCommitteeMember: false } } }]);
    spec.given([registered]).when({ type: 'SetCommitteeRole', data: { role: 'medicalDirector', granted: false, changedBy: 'm1', now: t0 } }).thenNothingHappened();
  });
});

describe('account events', () => {
  it('never carry a password, hash, code or token', () => {
    const all: AccountEvent[] = [registered, challengeIssued, wrongCode(1), signedIn('s1')];
    expect(JSON.stringify(all)).not.toMatch(/password"|hash|"code"|token/i);
  });
});
