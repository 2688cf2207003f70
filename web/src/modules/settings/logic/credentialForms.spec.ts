import {
  accountConfirmationError,
  accountEmailError,
  accountPasswordError,
  canReauthenticate,
  canSendEmailCode,
  canSendMobileCode,
  canSubmitEmailChange,
  canSubmitMobileChange,
  canSubmitPasswordChange,
  codeError,
  newEmailError,
  newMobileError,
} from './credentialForms';

describe('Change email dialog', () => {
  it('needs a password in step 1', () => {
    expect(canReauthenticate('')).toBe(false);
    expect(canReauthenticate('x')).toBe(true);
  });

  it("shows 'Invalid email' for an edited value that is not an email", () => {
    expect(newEmailError('jane@', false, null)).toBeUndefined();
    expect(newEmailError('jane@', true, null)).toBe('Invalid email');
    expect(newEmailError('jane@clinic.org', true, null)).toBeUndefined();
  });

  it("shows 'Account with this email already exists' when the email is in use", () => {
    expect(newEmailError('taken@clinic.org', true, true)).toBe('Account with this email already exists');
    expect(canSendEmailCode('taken@clinic.org', true)).toBe(false);
    expect(canSendEmailCode('free@clinic.org', false)).toBe(true);
    expect(canSendEmailCode('free@clinic.org', null)).toBe(true);
  });

  it('submits with a usable new email and a six-digit code', () => {
    expect(canSubmitEmailChange({ newEmail: 'free@clinic.org', duplicate: false, code: '123456' })).toBe(true);
    expect(canSubmitEmailChange({ newEmail: 'free@clinic.org', duplicate: false, code: '12345' })).toBe(false);
    expect(canSubmitEmailChange({ newEmail: 'taken@clinic.org', duplicate: true, code: '123456' })).toBe(false);
  });
});

describe('Change mobile dialog', () => {
  it("accepts US and Pakistan numbers and shows 'Invalid mobile #' otherwise", () => {
    expect(newMobileError('+1 212 555 0147', true, null)).toBeUndefined();
    expect(newMobileError('+92 300 1234567', true, null)).toBeUndefined();
    expect(newMobileError('+44 7911 123456', true, null)).toBe('Invalid mobile #');
    expect(newMobileError('12345', true, null)).toBe('Invalid mobile #');
  });

  it("shows 'Account with this mobile # already exists' when the number is in use", () => {
    expect(newMobileError('+12025550123', true, true)).toBe('Account with this mobile # already exists');
    expect(canSendMobileCode('+12025550123', true)).toBe(false);
    expect(canSendMobileCode('+12125550147', false)).toBe(true);
  });

  it('submits with a usable new mobile # and a six-digit code', () => {
    expect(canSubmitMobileChange({ newMobile: '+12125550147', duplicate: false, code: '654321' })).toBe(true);
    expect(canSubmitMobileChange({ newMobile: '+12125550147', duplicate: false, code: 'abcdef' })).toBe(false);
  });
});

describe('verification code field', () => {
  it("shows 'Invalid Code' when the server refused it", () => {
    expect(codeError('123456', true, true)).toBe('Invalid Code');
  });

  it("shows 'Invalid Code' for a value that cannot be a code, not while a good one is typed", () => {
    expect(codeError('123', true, false)).toBeUndefined();
    expect(codeError('12a', true, false)).toBe('Invalid Code');
    expect(codeError('1234567', true, false)).toBe('Invalid Code');
    expect(codeError('123456', true, false)).toBeUndefined();
    expect(codeError('12a', false, false)).toBeUndefined();
  });
});

describe('Change password dialog', () => {
  it("shows 'Invalid email' for an edited account email that is not valid", () => {
    expect(accountEmailError('admin@', true)).toBe('Invalid email');
    expect(accountEmailError('admin@e2e.test', true)).toBeUndefined();
  });

  it("shows 'Invalid Password' for a new password under 8 characters or with spaces", () => {
    expect(accountPasswordError('short', true)).toBe('Invalid Password');
    expect(accountPasswordError('with space', true)).toBe('Invalid Password');
    expect(accountPasswordError('long-enough', true)).toBeUndefined();
    expect(accountPasswordError('short', false)).toBeUndefined();
  });

  it("shows 'Password does not match' for a differing confirmation", () => {
    expect(accountConfirmationError('long-enough', 'long-enougH', true)).toBe('Password does not match');
    expect(accountConfirmationError('long-enough', 'long-enough', true)).toBeUndefined();
  });

  it('submits with a valid email, a six-digit code and a matching valid password', () => {
    const form = { email: 'admin@e2e.test', code: '123456', newPassword: 'Brand-New-Pass-7', confirmNewPassword: 'Brand-New-Pass-7' };
    expect(canSubmitPasswordChange(form)).toBe(true);
    expect(canSubmitPasswordChange({ ...form, email: 'admin@' })).toBe(false);
    expect(canSubmitPasswordChange({ ...form, code: '12345' })).toBe(false);
    expect(canSubmitPasswordChange({ ...form, confirmNewPassword: 'Brand-New-Pass-8' })).toBe(false);
    expect(canSubmitPasswordChange({ ...form, newPassword: 'short', confirmNewPassword: 'short' })).toBe(false);
  });
});
