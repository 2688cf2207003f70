import { readInvitationLink, readSetPasswordLink, safeNextPath } from './setPasswordLink';

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

describe('readInvitationLink', () => {
  it('reads the token and a same-site landing; refuses malformed tokens', () => {
    const token = 'q8Xz0d7kW3pLm2Vn9Rt5Yb1Hc4Jf6Gs8Ae0Ui2Oo7Kl';
    expect(readInvitationLink(`?invitation=${token}&next=%2Fprovider%2Fcredentialing`)).toEqual({ token, next: '/provider/credentialing' });
    expect(readInvitationLink(`?invitation=${token}&next=https%3A%2F%2Fevil.example`)).toEqual({ token, next: null });
    expect(readInvitationLink('?invitation=short')).toBeNull();
    expect(readInvitationLink('?invitation=%3Cscript%3Ealert(1)%3C%2Fscript%3Exxxxxxxxxxxx')).toBeNull();
    expect(readInvitationLink('?setPassword=a%40b.co')).toBeNull();
  });
});
