import type { OutgoingEmail } from './delivery.ports';

/** Texts of the messages identity sends. Codes and temporary passwords appear only here, never in events or logs. */
const PRODUCT = 'Credentialing Suite';

/** What credentialing's invitation asks, naming the practice that asks. */
const applicationSubject = (organization: string | null) => `${PRODUCT}: complete your credentialing application${organization ? ` for ${organization}` : ''}`;
const applicationRequest = (organization: string | null) =>
  `${organization ?? 'Your practice'} asks you to complete your credentialing application on ${PRODUCT}: ` +
  `your licences, registrations, certifications, insurance, education, work history and the attestation.\n\n`;

export const messages = {
  signInCodeSms: (code: string) => `${PRODUCT}: your sign-in code is ${code}. It expires in 10 minutes. Never share it.`,
  signInCodeEmail: (to: string, code: string): OutgoingEmail => ({
    to,
    subject: `${PRODUCT} sign-in code`,
    text: `Your sign-in code is ${code}.\n\nIt expires in 10 minutes. If you did not try to sign in, change your password.`,
  }),
  temporaryPassword: (to: string, password: string): OutgoingEmail => ({
    to,
    subject: `${PRODUCT} temporary password`,
    text:
      `Your temporary password is ${password}\n\n` +
      `Use it once, within 15 minutes, in "Set/Reset Password" (step 2) to choose a new password.\n` +
      `If you did not ask for it, ignore this email: your password has not changed.`,
  }),
  /** A new user's invitation: a temporary password to set their own password with. */
  invitation: (to: string, userName: string, password: string, resetUrl: string): OutgoingEmail => ({
    to,
    subject: `${PRODUCT}: your account is ready`,
    text:
      `An account was created for you on ${PRODUCT}. Your user name is ${userName}.\n\n` +
      `Set/Reset Password HERE: ${resetUrl}\n\n` +
      `Enter your email and this temporary password there to choose your password: ${password}\n` +
      `It works once, within 7 days. If you did not expect this email, ignore it.`,
  }),
  /**
   * Credentialing asks a provider without a password of their own to complete their application:
   * a one-time link that sets the password (no password in the email), valid `days` days.
   */
  credentialingInvitation: (to: string, organization: string | null, link: string, days: number): OutgoingEmail => ({
    to,
    subject: applicationSubject(organization),
    text:
      applicationRequest(organization) +
      `Set your password and open your application here: ${link}\n\n` +
      `The link works once, within ${days} days. If you did not expect this email, ignore it.`,
  }),
  /** The same request to a provider who already has a password: sign in as usual (nothing about their account changes). */
  credentialingReminder: (to: string, organization: string | null, link: string): OutgoingEmail => ({
    to,
    subject: applicationSubject(organization),
    text:
      applicationRequest(organization) +
      `Sign in with your usual password to open your application: ${link}\n\n` +
      `If you forgot your password, choose "Set/Reset Password" when you sign in. If you did not expect this email, ignore it.`,
  }),
  /** A credentialing decision on the provider's file (or its appeal): no decision nor reasons by email, the letter is in the file. */
  credentialingDecision: (to: string, appeal: boolean, fileUrl: string): OutgoingEmail => ({
    to,
    subject: `${PRODUCT}: ${appeal ? 'a decision on your appeal' : 'a credentialing decision'} has been made`,
    text:
      `A decision has been made ${appeal ? 'on your appeal of the credentialing decision' : 'on your credentialing application'}.\n\n` +
      `Sign in to read the decision letter in your credentialing file: ${fileUrl}\n\n` +
      `The letter tells you the decision, its date and, where it applies, your right to appeal.`,
  }),
  /** Re-attestation every 120 days: the reminder 15, 10 and 5 days before (the day only, nothing of the file). */
  credentialingAttestationDue: (to: string, dueOn: string, daysLeft: number, fileUrl: string): OutgoingEmail => ({
    to,
    subject: `${PRODUCT}: your credentialing attestation is due in ${daysLeft} days`,
    text:
      `Your credentialing attestation is due on ${dueOn.slice(5, 7)}/${dueOn.slice(8, 10)}/${dueOn.slice(0, 4)}. ` +
      `Sign in and re-attest in your credentialing file: ${fileUrl}\n\nAfter that day the attestation lapses until you sign it again.`,
  }),
  /** A missing item chased (which items stay in the file). */
  credentialingItemsMissing: (to: string, fileUrl: string): OutgoingEmail => ({
    to,
    subject: `${PRODUCT}: your credentialing file has missing items`,
    text: `Your credentialing file has items still missing. Sign in to see them and complete your file: ${fileUrl}`,
  }),
  emailChangeCode: (to: string, code: string): OutgoingEmail => ({
    to,
    subject: `${PRODUCT}: confirm your new email`,
    text: `Your verification code is ${code}.\n\nEnter it to make this address the email of your account. It expires in 10 minutes.`,
  }),
  passwordChangeCode: (to: string, code: string): OutgoingEmail => ({
    to,
    subject: `${PRODUCT}: password change code`,
    text: `Your verification code is ${code}.\n\nEnter it to change your password. It expires in 10 minutes. If you did not ask for it, ignore this email.`,
  }),
  mobileChangeCodeSms: (code: string) => `${PRODUCT}: your verification code is ${code}. Enter it to make this your account's mobile number.`,
  /** 'Request an account': the request reached the administrator. */
  accountRequestReceived: (to: string): OutgoingEmail => ({
    to,
    subject: `${PRODUCT}: we received your account request`,
    text:
      `Thank you for asking for an account on ${PRODUCT}. The administrator will review your request; ` +
      `you will receive another email when it is decided.\n\nIf you did not ask for an account, ignore this email.`,
  }),
  /** 'Request an account' with an email that already has an account: said to the email's owner only (the form answers as for any request). */
  accountRequestExisting: (to: string, resetUrl: string): OutgoingEmail => ({
    to,
    subject: `${PRODUCT}: you already have an account`,
    text:
      `Someone asked for an account on ${PRODUCT} with this email address, which already belongs to an account.\n\n` +
      `If it was you, sign in, or choose a new password with 'Set/Reset Password': ${resetUrl}\n` +
      `If it was not you, ignore this email.`,
  }),
  /** The master admin declined an account request: short and neutral. */
  accountRequestDeclined: (to: string): OutgoingEmail => ({
    to,
    subject: `${PRODUCT}: your account request`,
    text:
      `Thank you for your interest in ${PRODUCT}. Your account request was not approved.\n\n` +
      `If you think this is a mistake, contact the administrator of your organization.`,
  }),
  emailChangedNotice: (to: string, newEmail: string): OutgoingEmail => ({
    to,
    subject: `${PRODUCT}: your email was changed`,
    text: `The email of your account was changed to ${newEmail}. If you did not do this, contact your administrator at once.`,
  }),
};

/** Masks a phone number but its last 4 digits: +12025550123 -> (***) ***-0123. */
export function maskPhone(phone: string | undefined | null): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < 4) return '';
  const last4 = digits.slice(-4);
  if (phone!.startsWith('+1') && digits.length === 11) return `(***) ***-${last4}`;
  return `${'*'.repeat(Math.max(digits.length - 4, 3))}${last4}`;
}

/** Masks an email for records: jane.doe@clinic.org -> j***@clinic.org. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  if (!domain) return '***';
  return `${local.slice(0, 1)}***@${domain}`;
}
