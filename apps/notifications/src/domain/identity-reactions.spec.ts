import { reactToIdentity } from './identity-reactions';
import { uuidFromName } from './notification-id';

const accountId = '0b7c3a52-6f0e-4a38-9d0b-5a9f4c1d2e3f';
const source = { eventId: '6f1d8a0e-2b1c-4c3d-8e9f-0a1b2c3d4e5f', time: '2026-11-22T10:00:01Z' };
const request = { browser: 'Chrome 139', os: 'Linux', ip: '203.0.113.5' };

describe('reacting to identity events', () => {
  it('derives the notification id from the source event, the same on every delivery', () => {
    const a = reactToIdentity({ name: 'PasswordChanged', accountId, request, via: 'change' }, source);
    const b = reactToIdentity({ name: 'PasswordChanged', accountId, request, via: 'change' }, source);
    expect(a).toEqual(b);
    expect(a.command.data).toMatchObject({ notificationId: uuidFromName(source.eventId), sourceEventId: source.eventId });
    expect(uuidFromName(source.eventId)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuidFromName('other')).not.toBe(uuidFromName(source.eventId));
  });

  it('welcomes a registered account, dated when it registered', () => {
    const r = reactToIdentity({ name: 'AccountRegistered', accountId, displayName: 'Ann', at: '2026-11-22T09:00:00Z' }, source);
    expect(r.accountId).toBe(accountId);
    expect(r.command).toMatchObject({ type: 'RaiseNotification', data: { createdAt: '2026-11-22T09:00:00.000Z', content: { kind: 'welcome' } } });
  });

  it('leaves the new-device decision to the aggregate', () => {
    const r = reactToIdentity({ name: 'SignInSucceeded', accountId, request, at: 'not a date' }, source);
    expect(r.command).toMatchObject({ type: 'RecordSignIn', data: { requestMetaData: request, createdAt: '2026-11-22T10:00:01.000Z' } });
  });

  it('raises a Security notification for each credential change', () => {
    for (const fact of [
      { name: 'PasswordChanged' as const, accountId, request, via: 'reset' as const },
      { name: 'EmailChanged' as const, accountId, request, email: 'new@example.com' },
      { name: 'MobileChanged' as const, accountId, request, mobile: '+12025550142' },
    ]) {
      const r = reactToIdentity(fact, source);
      expect(r.command).toMatchObject({ type: 'RaiseNotification', data: { requestMetaData: request, content: { category: 'Security' } } });
    }
  });
});
