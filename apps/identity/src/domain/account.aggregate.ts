import type { Decider } from '@app/event-store';
import type {
  AccountEvent,
  AccountRegistered,
  AccountRoles,
  CodeChannel,
  SessionRevocationReason,
  VerificationPurpose,
} from './account.events';
import {
  AccountAlreadyRegistered,
  AccountNotFound,
  CodeResendLimitReached,
  CodeResendTooSoon,
  MasterAdminRoleFixed,
  ReauthenticationRequired,
  SessionNotLive,
  SignInChallengeClosed,
} from './account.errors';

/** Limits of the one-time secrets (see apps/identity/README.md). */
export const ACCOUNT_POLICY = {
  signInCodeTtlMs: 10 * 60_000,
  maxCodeFailures: 5,
  resendIntervalMs: 30_000,
  maxResends: 5,
  temporaryPasswordTtlMs: 15 * 60_000,
  /** A new user's invitation and credentialing's invitation link (credentialing.INVITATION_DAYS days). */
  invitationTtlMs: 7 * 24 * 60 * 60_000,
  maxTemporaryPasswordFailures: 5,
  verificationCodeTtlMs: 10 * 60_000,
  verificationResendIntervalMs: 30_000,
  reauthenticationValidityMs: 10 * 60_000,
} as const;

type OpenSecret = { id: string; expiresAt: string; failures: number };
type Challenge = OpenSecret & { lastSentAt: string; resends: number };
type Verification = OpenSecret & { target: string; lastSentAt: string; sessionId: string | null };
type Session = { expiresAt: string; reauthenticatedAt?: string };

/** State rebuilt from an account's events: only what decisions need. */
export type ActiveAccount = {
  status: 'active';
  accountId: string;
  userName: string;
  email: string;
  mobile?: string;
  roles: AccountRoles;
  sessions: Record<string, Session>;
  /** The open sign-in challenge, if any (closed ones are dropped). */
  challenge?: Challenge;
  temporaryPassword?: OpenSecret;
  /**
   * Whether the owner has a password of their own: registered with a chosen one, or since set it
   * (a reset, a change) or signed in with it. An invitation to an account that has one asks the
   * owner to sign in; one that has none carries a one-time link to set it.
   */
  passwordChosen: boolean;
  verifications: Partial<Record<VerificationPurpose, Verification>>;
};
export type AccountState = { status: 'none' } | ActiveAccount;

export const initialAccountState: AccountState = { status: 'none' };

const later = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();
const isPast = (iso: string, now: Date) => new Date(iso).getTime() <= now.getTime();

function withoutSessions(sessions: Record<string, Session>, ids: string[]): Record<string, Session> {
  const next = { ...sessions };
  for (const id of ids) delete next[id];
  return next;
}

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  if (event.type === 'AccountRegistered') {
    const d = event.data;
    return {
      status: 'active',
      accountId: d.accountId,
      userName: d.userName,
      email: d.email,
      mobile: d.mobile,
      roles: d.roles,
      sessions: {},
      passwordChosen: d.passwordChosen === true,
      verifications: {},
    };
  }
  if (state.status !== 'active') return state;
  switch (event.type) {
    case 'SignInCodeIssued':
      return {
        ...state,
        challenge: { id: event.data.challengeId, expiresAt: event.data.expiresAt, failures: 0, lastSentAt: event.data.issuedAt, resends: 0 },
      };
    case 'SignInCodeResent':
      return state.challenge?.id === event.data.challengeId
        ? { ...state, challenge: { ...state.challenge, lastSentAt: event.data.resentAt, resends: event.data.resends } }
        : state;
    case 'SignInCodeRejected':
      if (state.challenge?.id !== event.data.challengeId) return state;
      return event.data.challengeDead
        ? { ...state, challenge: undefined }
        : { ...state, challenge: { ...state.challenge, failures: event.data.failures } };
    case 'SignInSucceeded': {
      // Sessions that had expired by now can never be revoked or used again: forget them.
      const live = Object.fromEntries(
        Object.entries(state.sessions).filter(([, s]) => s.expiresAt > event.data.signedInAt),
      );
      return {
        ...state,
        challenge: undefined,
        passwordChosen: true,
        sessions: { ...live, [event.data.sessionId]: { expiresAt: event.data.expiresAt } },
      };
    }
    case 'SignedOut':
      return { ...state, sessions: withoutSessions(state.sessions, [event.data.sessionId]) };
    case 'SessionsRevoked':
      return { ...state, sessions: withoutSessions(state.sessions, event.data.sessionIds) };
    case 'TemporaryPasswordIssued':
      return { ...state, temporaryPassword: { id: event.data.temporaryPasswordId, expiresAt: event.data.expiresAt, failures: 0 } };
    case 'PasswordResetFailed':
      if (!state.temporaryPassword || state.temporaryPassword.id !== event.data.temporaryPasswordId) return state;
      return event.data.temporaryPasswordDead
        ? { ...state, temporaryPassword: undefined }
        : { ...state, temporaryPassword: { ...state.temporaryPassword, failures: event.data.failures } };
    case 'PasswordReset':
      return { ...state, temporaryPassword: undefined, passwordChosen: true };
    case 'Reauthenticated': {
      const session = state.sessions[event.data.sessionId];
      if (!session) return state;
      return { ...state, sessions: { ...state.sessions, [event.data.sessionId]: { ...session, reauthenticatedAt: event.data.reauthenticatedAt } } };
    }
    case 'ReauthenticationFailed':
      return state;
    case 'VerificationCodeIssued': {
      const d = event.data;
      return {
        ...state,
        verifications: {
          ...state.verifications,
          [d.purpose]: { id: d.codeId, target: d.target, expiresAt: d.expiresAt, failures: 0, lastSentAt: d.issuedAt, sessionId: d.sessionId },
        },
      };
    }
    case 'VerificationCodeRejected': {
      const v = state.verifications[event.data.purpose];
      if (!v || v.id !== event.data.codeId) return state;
      const verifications = { ...state.verifications };
      if (event.data.codeDead) delete verifications[event.data.purpose];
      else verifications[event.data.purpose] = { ...v, failures: event.data.failures };
      return { ...state, verifications };
    }
    case 'PasswordChanged': {
      const verifications = { ...state.verifications };
      delete verifications['password-change'];
      return { ...state, verifications, passwordChosen: true };
    }
    case 'EmailChanged': {
      const verifications = { ...state.verifications };
      delete verifications['email-change'];
      return { ...state, email: event.data.email, verifications };
    }
    case 'UserNameChanged':
      return { ...state, userName: event.data.userName };
    case 'MobileChanged': {
      const verifications = { ...state.verifications };
      delete verifications['mobile-change'];
      return { ...state, mobile: event.data.mobile, verifications };
    }
    case 'AccountRolesChanged':
      return { ...state, roles: event.data.roles };
  }
}

// --- Commands -------------------------------------------------------------------------------

export type RegisterAccount = {
  type: 'RegisterAccount';
  data: Omit<AccountRegistered['data'], 'registeredAt'> & { now: Date };
};
/** The password was verified by the caller: open a challenge and send its code. */
export type IssueSignInCode = { type: 'IssueSignInCode'; data: { challengeId: string; channel: CodeChannel; sentTo: string; now: Date } };
export type ResendSignInCode = { type: 'ResendSignInCode'; data: { challengeId: string; channel: CodeChannel; sentTo: string; now: Date } };
/** `codeMatches`: the caller compared the typed code with the stored hash. */
export type VerifySignInCode = {
  type: 'VerifySignInCode';
  data: { challengeId: string; codeMatches: boolean; sessionId: string; sessionTtlMs: number; now: Date };
};
export type SignOut = { type: 'SignOut'; data: { sessionId: string; now: Date } };
/** `ttlMs`: how long it is valid (default ACCOUNT_POLICY.temporaryPasswordTtlMs; an invitation: invitationTtlMs). */
export type IssueTemporaryPassword = { type: 'IssueTemporaryPassword'; data: { temporaryPasswordId: string; sentTo: string; now: Date; ttlMs?: number } };
export type ChangeUserName = { type: 'ChangeUserName'; data: { userName: string; now: Date } };
export type ResetPassword = {
  type: 'ResetPassword';
  data: { temporaryPasswordId: string | null; temporaryPasswordMatches: boolean; now: Date };
};
export type Reauthenticate = { type: 'Reauthenticate'; data: { sessionId: string; passwordMatches: boolean; now: Date } };
export type IssueVerificationCode = {
  type: 'IssueVerificationCode';
  data: {
    purpose: VerificationPurpose;
    codeId: string;
    target: string;
    channel: CodeChannel;
    sentTo: string;
    sessionId: string | null;
    now: Date;
  };
};
export type ConfirmVerificationCode = {
  type: 'ConfirmVerificationCode';
  data: { purpose: VerificationPurpose; codeId: string | null; target: string; codeMatches: boolean; sessionId: string | null; now: Date };
};
export type SetAuditorRole = { type: 'SetAuditorRole'; data: { isAuditor: boolean; changedBy: string | null; now: Date } };
/** The admin identity beside the provider one (the master admin's own cannot be withdrawn). */
export type SetAdminRole = { type: 'SetAdminRole'; data: { isAdmin: boolean; changedBy: string | null; now: Date } };
/** A credentialing committee role: Committee member or Medical Director. */
export type SetCommitteeRole = { type: 'SetCommitteeRole'; data: { role: CommitteeRole; granted: boolean; changedBy: string | null; now: Date } };
export type CommitteeRole = 'committeeMember' | 'medicalDirector';

export type AccountCommand =
  | RegisterAccount
  | IssueSignInCode
  | ResendSignInCode
  | VerifySignInCode
  | SignOut
  | IssueTemporaryPassword
  | ResetPassword
  | Reauthenticate
  | IssueVerificationCode
  | ConfirmVerificationCode
  | SetAuditorRole
  | SetAdminRole
  | SetCommitteeRole
  | ChangeUserName;

function active(state: AccountState): ActiveAccount {
  if (state.status !== 'active') throw new AccountNotFound();
  return state;
}

export function liveSessionIds(state: ActiveAccount, now: Date): string[] {
  return Object.entries(state.sessions)
    .filter(([, s]) => !isPast(s.expiresAt, now))
    .map(([id]) => id);
}

function revokeAll(state: ActiveAccount, reason: SessionRevocationReason, now: Date): AccountEvent[] {
  const sessionIds = liveSessionIds(state, now);
  return sessionIds.length
    ? [{ type: 'SessionsRevoked', data: { accountId: state.accountId, sessionIds, reason, revokedAt: now.toISOString() } }]
    : [];
}

const secondsUntil = (iso: string, now: Date) => Math.max(1, Math.ceil((new Date(iso).getTime() - now.getTime()) / 1000));

/**
 * Decisions of the account. Failed attempts are not errors here: they are recorded (as
 * ...Rejected / ...Failed events) so that limits hold; the caller reads the outcome from the events.
 */
export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  if (command.type === 'RegisterAccount') {
    if (state.status !== 'none') throw new AccountAlreadyRegistered();
    const { now, ...data } = command.data;
    return [{ type: 'AccountRegistered', data: { ...data, registeredAt: now.toISOString() } }];
  }
  const account = active(state);
  const { accountId } = account;
  switch (command.type) {
    case 'IssueSignInCode': {
      const { challengeId, channel, sentTo, now } = command.data;
      const issuedAt = now.toISOString();
      return [
        {
          type: 'SignInCodeIssued',
          data: { accountId, challengeId, channel, sentTo, issuedAt, expiresAt: later(issuedAt, ACCOUNT_POLICY.signInCodeTtlMs) },
        },
      ];
    }

    case 'ResendSignInCode': {
      const { challengeId, channel, sentTo, now } = command.data;
      const c = account.challenge;
      if (!c || c.id !== challengeId || isPast(c.expiresAt, now)) throw new SignInChallengeClosed();
      if (c.resends >= ACCOUNT_POLICY.maxResends) throw new CodeResendLimitReached(secondsUntil(c.expiresAt, now));
      const nextAllowed = later(c.lastSentAt, ACCOUNT_POLICY.resendIntervalMs);
      if (!isPast(nextAllowed, now)) throw new CodeResendTooSoon(secondsUntil(nextAllowed, now));
      return [{ type: 'SignInCodeResent', data: { accountId, challengeId, channel, sentTo, resentAt: now.toISOString(), resends: c.resends + 1 } }];
    }

    case 'VerifySignInCode': {
      const { challengeId, codeMatches, sessionId, sessionTtlMs, now } = command.data;
      const c = account.challenge;
      const rejectedAt = now.toISOString();
      if (!c || c.id !== challengeId) {
        return [{ type: 'SignInCodeRejected', data: { accountId, challengeId, reason: 'challenge-closed', failures: 0, challengeDead: true, rejectedAt } }];
      }
      if (isPast(c.expiresAt, now)) {
        return [{ type: 'SignInCodeRejected', data: { accountId, challengeId, reason: 'expired', failures: c.failures, challengeDead: true, rejectedAt } }];
      }
      if (!codeMatches) {
        const failures = c.failures + 1;
        return [
          {
            type: 'SignInCodeRejected',
            data: { accountId, challengeId, reason: 'wrong-code', failures, challengeDead: failures >= ACCOUNT_POLICY.maxCodeFailures, rejectedAt },
          },
        ];
      }
      return [
        {
          type: 'SignInSucceeded',
          data: { accountId, challengeId, sessionId, signedInAt: rejectedAt, expiresAt: new Date(now.getTime() + sessionTtlMs).toISOString() },
        },
      ];
    }

    case 'SignOut': {
      const { sessionId, now } = command.data;
      if (!account.sessions[sessionId]) return [];
      return [{ type: 'SignedOut', data: { accountId, sessionId, signedOutAt: now.toISOString() } }];
    }

    case 'IssueTemporaryPassword': {
      const { temporaryPasswordId, sentTo, now, ttlMs } = command.data;
      const issuedAt = now.toISOString();
      return [
        {
          type: 'TemporaryPasswordIssued',
          data: { accountId, temporaryPasswordId, sentTo, issuedAt, expiresAt: later(issuedAt, ttlMs ?? ACCOUNT_POLICY.temporaryPasswordTtlMs) },
        },
      ];
    }

    case 'ResetPassword': {
      const { temporaryPasswordId, temporaryPasswordMatches, now } = command.data;
      const t = account.temporaryPassword;
      const failedAt = now.toISOString();
      if (!t || !temporaryPasswordId || t.id !== temporaryPasswordId) {
        return [
          {
            type: 'PasswordResetFailed',
            data: { accountId, temporaryPasswordId, reason: 'no-temporary-password', failures: 0, temporaryPasswordDead: true, failedAt },
          },
        ];
      }
      if (isPast(t.expiresAt, now)) {
        return [
          {
            type: 'PasswordResetFailed',
            data: { accountId, temporaryPasswordId, reason: 'expired', failures: t.failures, temporaryPasswordDead: true, failedAt },
          },
        ];
      }
      if (!temporaryPasswordMatches) {
        const failures = t.failures + 1;
        return [
          {
            type: 'PasswordResetFailed',
            data: {
              accountId,
              temporaryPasswordId,
              reason: 'wrong-temporary-password',
              failures,
              temporaryPasswordDead: failures >= ACCOUNT_POLICY.maxTemporaryPasswordFailures,
              failedAt,
            },
          },
        ];
      }
      return [{ type: 'PasswordReset', data: { accountId, temporaryPasswordId, resetAt: failedAt } }, ...revokeAll(account, 'password-reset', now)];
    }

    case 'Reauthenticate': {
      const { sessionId, passwordMatches, now } = command.data;
      const session = account.sessions[sessionId];
      if (!session || isPast(session.expiresAt, now)) throw new SessionNotLive();
      return passwordMatches
        ? [{ type: 'Reauthenticated', data: { accountId, sessionId, reauthenticatedAt: now.toISOString() } }]
        : [{ type: 'ReauthenticationFailed', data: { accountId, sessionId, failedAt: now.toISOString() } }];
    }

    case 'IssueVerificationCode': {
      const { purpose, codeId, target, channel, sentTo, sessionId, now } = command.data;
      if (purpose === 'email-change' || purpose === 'mobile-change') {
        const session = sessionId ? account.sessions[sessionId] : undefined;
        const at = session?.reauthenticatedAt;
        if (!at || isPast(later(at, ACCOUNT_POLICY.reauthenticationValidityMs), now)) throw new ReauthenticationRequired();
      }
      const previous = account.verifications[purpose];
      if (previous && !isPast(previous.expiresAt, now)) {
        const nextAllowed = later(previous.lastSentAt, ACCOUNT_POLICY.verificationResendIntervalMs);
        if (!isPast(nextAllowed, now)) throw new CodeResendTooSoon(secondsUntil(nextAllowed, now));
      }
      const issuedAt = now.toISOString();
      return [
        {
          type: 'VerificationCodeIssued',
          data: {
            accountId,
            purpose,
            codeId,
            target,
            channel,
            sentTo,
            sessionId,
            issuedAt,
            expiresAt: later(issuedAt, ACCOUNT_POLICY.verificationCodeTtlMs),
          },
        },
      ];
    }

    case 'ConfirmVerificationCode': {
      const { purpose, codeId, target, codeMatches, sessionId, now } = command.data;
      const v = account.verifications[purpose];
      const rejectedAt = now.toISOString();
      const reject = (reason: 'wrong-code' | 'expired' | 'no-code' | 'other-target', failures: number, codeDead: boolean): AccountEvent[] => [
        { type: 'VerificationCodeRejected', data: { accountId, purpose, codeId: v?.id ?? codeId, reason, failures, codeDead, rejectedAt } },
      ];
      if (!v || !codeId || v.id !== codeId) return reject('no-code', 0, false);
      if (isPast(v.expiresAt, now)) return reject('expired', v.failures, true);
      const sameTarget = v.target.toLowerCase() === target.toLowerCase() && v.sessionId === sessionId;
      if (!sameTarget || !codeMatches) {
        const failures = v.failures + 1;
        return reject(sameTarget ? 'wrong-code' : 'other-target', failures, failures >= ACCOUNT_POLICY.maxCodeFailures);
      }
      switch (purpose) {
        case 'password-change':
          return [{ type: 'PasswordChanged', data: { accountId, codeId, changedAt: rejectedAt } }, ...revokeAll(account, 'password-changed', now)];
        case 'email-change':
          return [
            { type: 'EmailChanged', data: { accountId, codeId, previousEmail: account.email, email: v.target, changedAt: rejectedAt } },
            ...revokeAll(account, 'email-changed', now),
          ];
        case 'mobile-change':
          return [
            { type: 'MobileChanged', data: { accountId, codeId, previousMobile: account.mobile ?? null, mobile: v.target, changedAt: rejectedAt } },
            ...revokeAll(account, 'mobile-changed', now),
          ];
      }
      return [];
    }

    case 'ChangeUserName': {
      const { userName, now } = command.data;
      if (userName === account.userName) return [];
      return [{ type: 'UserNameChanged', data: { accountId, previousUserName: account.userName, userName, changedAt: now.toISOString() } }];
    }

    case 'SetAuditorRole': {
      const { isAuditor, changedBy, now } = command.data;
      if (account.roles.isAuditor === isAuditor) return [];
      return [{ type: 'AccountRolesChanged', data: { accountId, roles: { ...account.roles, isAuditor }, changedBy, changedAt: now.toISOString() } }];
    }

    case 'SetAdminRole': {
      const { isAdmin, changedBy, now } = command.data;
      if (account.roles.isMasterAdmin) throw new MasterAdminRoleFixed();
      if (account.roles.isAdmin === isAdmin) return [];
      return [{ type: 'AccountRolesChanged', data: { accountId, roles: { ...account.roles, isAdmin }, changedBy, changedAt: now.toISOString() } }];
    }

    case 'SetCommitteeRole': {
      const { role, granted, changedBy, now } = command.data;
      const key = role === 'committeeMember' ? 'isCommitteeMember' : 'isMedicalDirector';
      if ((account.roles[key] ?? false) === granted) return [];
      return [{ type: 'AccountRolesChanged', data: { accountId, roles: { ...account.roles, [key]: granted }, changedBy, changedAt: now.toISOString() } }];
    }
  }
}

/** The account as an Emmett-style decider, for `handleCommand` and `DeciderSpecification`. */
export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  decide: decideAccount,
  evolve: evolveAccount,
  initialState: () => initialAccountState,
};

export const accountStreamId = (accountId: string) => `account-${accountId}`;
