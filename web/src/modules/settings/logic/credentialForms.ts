import { isValidAccountMobile, isValidCode, isValidEmail, isValidPassword, MESSAGES } from '@app/validation';

/**
 * The rules of the Log In Credentials dialogs (spec §5): which message each field shows and
 * when each button is enabled. Pure, so the dialogs and their unit specs share them.
 *
 * `duplicate` is the answer of the duplicate check for the current value: true (in use),
 * false (free) or null (not known yet).
 */

/** Step 1 of the email and mobile dialogs: the password must not be empty. */
export function canReauthenticate(password: string): boolean {
  return password !== '';
}

/** 'Invalid email' once edited and not an email; 'Account with this email already exists' when in use. */
export function newEmailError(email: string, edited: boolean, duplicate: boolean | null): string | undefined {
  if (!edited) return undefined;
  if (!isValidEmail(email.trim())) return MESSAGES.invalidEmailLower;
  if (duplicate === true) return MESSAGES.accountEmailExists;
  return undefined;
}

/** 'Invalid mobile #' once edited and not a US or Pakistan number; 'Account with this mobile # already exists' when in use. */
export function newMobileError(mobile: string, edited: boolean, duplicate: boolean | null): string | undefined {
  if (!edited) return undefined;
  if (!isValidAccountMobile(mobile.trim())) return MESSAGES.invalidMobileLower;
  if (duplicate === true) return MESSAGES.accountMobileExists;
  return undefined;
}

/**
 * 'Invalid Code' when the server refused the code, or once edited when it cannot be a code:
 * it holds a non-digit, or reaches six characters without being six digits.
 */
export function codeError(code: string, edited: boolean, refused: boolean): string | undefined {
  const value = code.trim();
  if (refused) return MESSAGES.invalidCode;
  if (edited && value !== '' && (/\D/.test(value) || value.length >= 6) && !isValidCode(value)) return MESSAGES.invalidCode;
  return undefined;
}

/** A code can be sent for a new email that is valid and not known to be in use. */
export function canSendEmailCode(email: string, duplicate: boolean | null): boolean {
  return isValidEmail(email.trim()) && duplicate !== true;
}

/** A code can be sent for a new mobile # that is valid and not known to be in use. */
export function canSendMobileCode(mobile: string, duplicate: boolean | null): boolean {
  return isValidAccountMobile(mobile.trim()) && duplicate !== true;
}

/** The email change is submitted with a sendable new email and a six-digit code. */
export function canSubmitEmailChange(form: { newEmail: string; duplicate: boolean | null; code: string }): boolean {
  return canSendEmailCode(form.newEmail, form.duplicate) && isValidCode(form.code.trim());
}

/** The mobile change is submitted with a sendable new mobile # and a six-digit code. */
export function canSubmitMobileChange(form: { newMobile: string; duplicate: boolean | null; code: string }): boolean {
  return canSendMobileCode(form.newMobile, form.duplicate) && isValidCode(form.code.trim());
}

/** The account email of the password dialog must be valid ('Invalid email'). */
export function accountEmailError(email: string, edited: boolean): string | undefined {
  return edited && !isValidEmail(email.trim()) ? MESSAGES.invalidEmailLower : undefined;
}

/** 'Invalid Password' once edited and shorter than 8 characters or containing a space. */
export function accountPasswordError(password: string, edited: boolean): string | undefined {
  return edited && !isValidPassword(password) ? MESSAGES.invalidPassword : undefined;
}

/** 'Password does not match' once the confirmation was edited and differs. */
export function accountConfirmationError(password: string, confirmation: string, edited: boolean): string | undefined {
  return edited && password !== confirmation ? MESSAGES.passwordMismatch : undefined;
}

export type PasswordChangeForm = { email: string; code: string; newPassword: string; confirmNewPassword: string };

/** The password change needs a valid email, a six-digit code, a valid new password and its confirmation. */
export function canSubmitPasswordChange(form: PasswordChangeForm): boolean {
  return (
    isValidEmail(form.email.trim()) &&
    isValidCode(form.code.trim()) &&
    isValidPassword(form.newPassword) &&
    form.newPassword === form.confirmNewPassword
  );
}

/** The password dialog's status message hides itself after this long (spec §4). */
export const STATUS_MESSAGE_MS = 3000;

/** Masked password shown in Log In Credentials. */
export const MASKED_PASSWORD = '••••••••';
