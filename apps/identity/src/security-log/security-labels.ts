/** Human labels of security events, for the user's own log and the auditors' view. */

/** The roles an AccountRolesChanged names, in the order its label lists them. */
const ROLE_LABELS: [string, string][] = [
  ['isMasterAdmin', 'Master admin'],
  ['isAdmin', 'Admin'],
  ['isProvider', 'Provider'],
  ['isAuditor', 'Auditor'],
  ['isCommitteeMember', 'Committee member'],
  ['isMedicalDirector', 'Medical Director'],
];

const PURPOSE: Record<string, string> = {
  'email-change': 'email change',
  'password-change': 'password change',
  'mobile-change': 'mobile change',
};
const REVOKED: Record<string, string> = {
  'password-changed': 'Signed out everywhere after a password change',
  'password-reset': 'Signed out everywhere after a password reset',
  'email-changed': 'Signed out everywhere after an email change',
  'mobile-changed': 'Signed out everywhere after a mobile change',
};

export function securityLabel(type: string, d: Record<string, unknown>): string {
  switch (type) {
    case 'AccountRegistered':
      return 'Account created';
    case 'SignInFailed':
      return `${d.reason === 'unknown-account' ? 'Failed sign-in (unknown account)' : 'Failed sign-in (wrong password)'}${d.throttled ? ', sign-in delayed' : ''}`;
    case 'AttemptsThrottled':
      return `${d.count} attempt${d.count === 1 ? '' : 's'} refused: too many requests (${String(d.limit)})`;
    case 'SignInCodeIssued':
      return d.channel === 'email' ? 'Sign-in code sent by email' : 'Sign-in code sent by text message';
    case 'SignInCodeResent':
      return 'Sign-in code sent again';
    case 'SignInCodeRejected':
      if (d.reason === 'expired') return 'Expired sign-in code';
      return d.challengeDead ? 'Wrong sign-in code, sign-in blocked until signing in again' : 'Wrong sign-in code';
    case 'SignInSucceeded':
      return 'Signed in';
    case 'SignedOut':
      return 'Signed out';
    case 'SessionsRevoked':
      return REVOKED[String(d.reason)] ?? 'Sessions ended';
    case 'TemporaryPasswordIssued':
      return 'Temporary password sent';
    case 'PasswordResetFailed':
      return 'Failed password reset';
    case 'PasswordReset':
      return 'Password reset with a temporary password';
    case 'Reauthenticated':
      return 'Password confirmed';
    case 'ReauthenticationFailed':
      return 'Wrong password when confirming identity';
    case 'VerificationCodeIssued':
      return `Verification code sent (${PURPOSE[String(d.purpose)] ?? 'account change'})`;
    case 'VerificationCodeRejected':
      return `Wrong verification code (${PURPOSE[String(d.purpose)] ?? 'account change'})`;
    case 'PasswordChanged':
      return 'Password changed';
    case 'EmailChanged':
      return 'Email changed';
    case 'MobileChanged':
      return 'Mobile number changed';
    case 'UserNameChanged':
      return 'User name changed';
    case 'AccountRolesChanged': {
      // The roles held after the change (the event carries no previous roles).
      const roles = (d.roles ?? {}) as Record<string, boolean | undefined>;
      const held = ROLE_LABELS.filter(([key]) => roles[key]).map(([, label]) => label);
      return held.length ? `Roles changed: ${held.join(', ')}` : 'Roles changed: none held';
    }
    default:
      return type;
  }
}
