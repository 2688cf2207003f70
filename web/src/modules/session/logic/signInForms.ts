import { LIMITS, lastDigits, MESSAGES } from '@app/validation';

/**
 * The rules of the sign-in dialogs (spec §5): when each button is enabled and which message a
 * field shows. Pure, so the dialogs and their unit specs share them.
 */

/** Log In is enabled once both the email (or user name) and the password are filled in. */
export function canLogIn(form: { usernameOrEmail: string; password: string }): boolean {
  return form.usernameOrEmail.trim() !== '' && form.password !== '';
}

/** 2FA Continue is enabled once the code has at least 6 characters. */
export function canContinueTwoFactor(code: string): boolean {
  return code.trim().length >= LIMITS.code.length;
}

/** The 2FA dialog's message: where the code went, and whether it was sent again. */
export function twoFactorMessage(phone: string | null | undefined, resent: boolean): string {
  const digits = lastDigits(phone ?? '');
  if (resent) return `Verification code has been resent to mobile # ending in ${digits}`;
  return digits ? `A verification code has been sent to mobile # ending in ${digits}` : 'A verification code has been sent to your mobile #';
}

/** Reset step 1 ('Proceed to Step 2') is enabled while the email is not empty. */
export function canProceedToStep2(email: string): boolean {
  return email.trim() !== '';
}

/** A new password is acceptable when it has at least 8 characters and no spaces. */
export function isAcceptableNewPassword(password: string): boolean {
  return password.length >= LIMITS.password.min && !/\s/.test(password);
}

/** 'Invalid password' once the new password has been edited and is not acceptable. */
export function resetNewPasswordError(password: string, edited: boolean): string | undefined {
  return edited && !isAcceptableNewPassword(password) ? MESSAGES.invalidPasswordReset : undefined;
}

/** 'Password Does Not Match' once the confirmation has been edited and differs. */
export function resetConfirmationError(password: string, confirmation: string, edited: boolean): string | undefined {
  return edited && confirmation !== password ? MESSAGES.passwordMismatchReset : undefined;
}

export type ResetStep2Form = { tempPassword: string; newPassword: string; confirmNewPassword: string };

/**
 * 'Reset Password' is enabled when the new password is not empty, equals its confirmation
 * and is acceptable, and a temporary password was entered.
 */
export function canResetPassword(form: ResetStep2Form): boolean {
  return (
    form.tempPassword !== '' &&
    form.newPassword !== '' &&
    form.newPassword === form.confirmNewPassword &&
    isAcceptableNewPassword(form.newPassword)
  );
}
