import {
  canContinueTwoFactor,
  canLogIn,
  canProceedToStep2,
  canResetPassword,
  resetConfirmationError,
  resetNewPasswordError,
  twoFactorMessage,
} from './signInForms';

describe('Log In dialog', () => {
  it('enables Log In only when both the email and the password are filled in', () => {
    expect(canLogIn({ usernameOrEmail: '', password: '' })).toBe(false);
    expect(canLogIn({ usernameOrEmail: 'admin@e2e.test', password: '' })).toBe(false);
    expect(canLogIn({ usernameOrEmail: '   ', password: 'secret' })).toBe(false);
    expect(canLogIn({ usernameOrEmail: 'masteradmin', password: 'secret' })).toBe(true);
  });
});

describe('Enter 2FA Code dialog', () => {
  it('enables Continue once the code has at least 6 characters', () => {
    expect(canContinueTwoFactor('12345')).toBe(false);
    expect(canContinueTwoFactor('123456')).toBe(true);
    expect(canContinueTwoFactor('1234567')).toBe(true);
  });

  it('says where the code went, and that it was resent after Send new code', () => {
    expect(twoFactorMessage('(***) ***-0123', false)).toBe('A verification code has been sent to mobile # ending in 0123');
    expect(twoFactorMessage('+1*******0123', true)).toBe('Verification code has been resent to mobile # ending in 0123');
  });
});

describe('Set/Reset Password dialog', () => {
  it('enables Proceed to Step 2 while the email is not empty', () => {
    expect(canProceedToStep2('')).toBe(false);
    expect(canProceedToStep2('  ')).toBe(false);
    expect(canProceedToStep2('jane@clinic.org')).toBe(true);
  });

  it("shows 'Invalid password' once the new password is edited and has a space or is too short", () => {
    expect(resetNewPasswordError('has space!', false)).toBeUndefined();
    expect(resetNewPasswordError('has space!', true)).toBe('Invalid password');
    expect(resetNewPasswordError('short', true)).toBe('Invalid password');
    expect(resetNewPasswordError('long-enough', true)).toBeUndefined();
  });

  it("shows 'Password Does Not Match' once the confirmation is edited and differs", () => {
    expect(resetConfirmationError('long-enough', 'long-enoug', false)).toBeUndefined();
    expect(resetConfirmationError('long-enough', 'long-enoug', true)).toBe('Password Does Not Match');
    expect(resetConfirmationError('long-enough', 'long-enough', true)).toBeUndefined();
  });

  it('enables Reset Password only for a non-empty new password equal to its confirmation', () => {
    const form = { tempPassword: 'Tmp-12345', newPassword: 'New-Pass-42', confirmNewPassword: 'New-Pass-42' };
    expect(canResetPassword(form)).toBe(true);
    expect(canResetPassword({ ...form, newPassword: '', confirmNewPassword: '' })).toBe(false);
    expect(canResetPassword({ ...form, confirmNewPassword: 'New-Pass-43' })).toBe(false);
    expect(canResetPassword({ ...form, newPassword: 'New Pass 42', confirmNewPassword: 'New Pass 42' })).toBe(false);
    expect(canResetPassword({ ...form, tempPassword: '' })).toBe(false);
  });
});
