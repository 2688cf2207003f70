import { generateCode, generateTemporaryPassword, generateToken, hashSecret, tokenHash, verifySecret } from './one-time-secrets';

describe('one-time secrets', () => {
  it('makes 6-digit codes, leading zeros included', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1900);
  });

  it('makes long random tokens and temporary passwords', () => {
    expect(generateToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateTemporaryPassword()).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(generateToken()).not.toBe(generateToken());
    expect(tokenHash('abc')).toHaveLength(64);
  });

  it('stores codes as argon2id hashes only', async () => {
    const hash = await hashSecret('123456');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('123456');
    expect(await verifySecret(hash, '123456')).toBe(true);
    expect(await verifySecret(hash, '123457')).toBe(false);
  });
});
