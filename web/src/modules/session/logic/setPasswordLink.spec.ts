import { readSetPasswordLink, safeNextPath } from './setPasswordLink';

describe('the set-password link', () => {
  it('reads the email and the landing path of an invitation', () => {
    expect(readSetPasswordLink('?setPassword=jose%40clinic.test&next=%2Fprovider%2Fcredentialing')).toEqual({ email: 'jose@clinic.test', next: '/provider/credentialing' });
    expect(readSetPasswordLink('?setPassword=a%2Bb%40c.co')).toEqual({ email: 'a+b@c.co', next: null });
    expect(readSetPasswordLink('?next=/x')).toBeNull();
    expect(readSetPasswordLink('')).toBeNull();
  });

  it('honours only same-origin relative paths', () => {
    expect(safeNextPath('/provider/credentialing')).toBe('/provider/credentialing');
    expect(safeNextPath('/admin/users?x=1#top')).toBe('/admin/users?x=1#top');
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'provider', '/%0d%0aLocation:x', '/\tx', '', null, undefined]) {
      const safe = safeNextPath(bad);
      if (safe !== null) expect(new URL(safe, 'https://app.invalid').origin).toBe('https://app.invalid');
      if (bad === null || bad === undefined || !bad.startsWith('/') || bad.startsWith('//') || bad.startsWith('/\\') || bad.includes('\t')) expect(safe).toBeNull();
    }
  });
});
