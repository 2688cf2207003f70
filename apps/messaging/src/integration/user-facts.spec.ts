import { parseUserEvent } from './user-facts';

const userId = '0b7c3a52-6f0e-4a38-9d0b-5a9f4c1d2e3f';
const enc = (x: unknown) => new TextEncoder().encode(typeof x === 'string' ? x : JSON.stringify(x));
const ce = (context: string, name: string, data: unknown, version = 1) =>
  enc({ specversion: '1.0', id: 'evt-1', source: `/${context}`, type: `${context}.${name}.v${version}`, time: '2026-11-22T10:00:00Z', data });

describe("messaging's reading of the people in identity's and the directory's events", () => {
  it("takes the names of a registered account and of a changed user name (the id in lower case)", () => {
    const registered = parseUserEvent('identity', 'p.events.identity.AccountRegistered', ce('identity', 'AccountRegistered', { accountId: userId.toUpperCase(), userName: 'ann', displayName: 'Ann A', email: 'a@b.io' }));
    expect(registered).toEqual({ kind: 'fact', eventId: 'evt-1', fact: { userId, userName: 'ann', displayName: 'Ann A' } });
    const renamed = parseUserEvent('identity', 'events.identity.UserNameChanged', ce('identity', 'UserNameChanged', { accountId: userId, userName: 'ann2', previousUserName: 'ann' }));
    expect(renamed).toEqual({ kind: 'fact', eventId: 'evt-1', fact: { userId, userName: 'ann2' } });
  });

  it("takes only what a profile event says: a display name without the avatar leaves the avatar alone, a null avatar clears it", () => {
    const updated = (changes: unknown) => parseUserEvent('directory', 'events.directory.ProfileUpdated', ce('directory', 'ProfileUpdated', { profileId: userId, changes }));
    expect(updated({ displayName: 'Dr Ann' })).toEqual({ kind: 'fact', eventId: 'evt-1', fact: { userId, displayName: 'Dr Ann', avatarImageUrl: undefined } });
    expect(updated({ avatarImageUrl: null })).toMatchObject({ kind: 'fact', fact: { userId, avatarImageUrl: null } });
    const created = parseUserEvent('directory', 'events.directory.ProfileCreated', ce('directory', 'ProfileCreated', { profileId: userId, userName: 'ann', details: { displayName: 'Ann', avatarImageUrl: '/api/files/a.png' } }));
    expect(created).toEqual({ kind: 'fact', eventId: 'evt-1', fact: { userId, userName: 'ann', displayName: 'Ann', avatarImageUrl: '/api/files/a.png' } });
  });

  it('skips what names nobody: a banner, an account change without a user name, events it has no use for, other versions', () => {
    expect(parseUserEvent('directory', 'events.directory.ProfileImageChanged', ce('directory', 'ProfileImageChanged', { profileId: userId, image: 'banner', url: '/x.png' })).kind).toBe('skip');
    expect(parseUserEvent('directory', 'events.directory.ProfileImageChanged', ce('directory', 'ProfileImageChanged', { profileId: userId, image: 'avatar', url: '/x.png' }))).toMatchObject({
      kind: 'fact',
      fact: { userId, avatarImageUrl: '/x.png' },
    });
    expect(parseUserEvent('directory', 'events.directory.ProfileAccountChanged', ce('directory', 'ProfileAccountChanged', { profileId: userId, email: 'n@b.io' })).kind).toBe('skip');
    expect(parseUserEvent('identity', 'events.identity.SignInSucceeded', ce('identity', 'SignInSucceeded', { accountId: userId })).kind).toBe('skip');
    expect(parseUserEvent('identity', 'events.identity.AccountRegistered', ce('identity', 'AccountRegistered', { accountId: userId, userName: 'ann' }, 2)).kind).toBe('skip');
  });

  it('refuses what is not a CloudEvent of its subject or has no valid id, as every consumer does', () => {
    expect(parseUserEvent('identity', 'events.identity.AccountRegistered', enc('{not json')).kind).toBe('malformed');
    expect(parseUserEvent('identity', 'events.identity.AccountRegistered', ce('identity', 'AccountRegistered', { accountId: 'nobody', userName: 'ann' })).kind).toBe('malformed');
    expect(parseUserEvent('identity', 'events.identity.UserNameChanged', ce('identity', 'AccountRegistered', { accountId: userId })).kind).toBe('malformed');
  });
});
