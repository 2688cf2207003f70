import { ValidationFailed } from '@app/nest-kit';
import { MESSAGES } from '@app/validation';
import { assertAcceptablePassword, commonPasswords, isCommonPassword } from './password-policy';

describe('password policy', () => {
  it('ships a common-password list of at least 10,000 entries', () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(10_000);
  });

  it('rejects common passwords whatever their case, with a clear message', () => {
    expect(isCommonPassword('password1')).toBe(true);
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(() => assertAcceptablePassword('Password1', 'newPassword')).toThrow(MESSAGES.commonPassword);
  });

  it('rejects short passwords and passwords with spaces, naming the field', () => {
    for (const bad of ['Sh0rt!', 'has a space 123']) {
      try {
        assertAcceptablePassword(bad, 'newPassword', MESSAGES.invalidPasswordReset);
        throw new Error('accepted');
      } catch (e) {
        expect(e).toBeInstanceOf(ValidationFailed);
        expect((e as ValidationFailed).field).toBe('newPassword');
        expect((e as ValidationFailed).message).toBe('Invalid password');
      }
    }
  });

  it('accepts an uncommon password of 8 or more characters', () => {
    expect(() => assertAcceptablePassword('Lantern-Quarry-42', 'password')).not.toThrow();
  });
});
