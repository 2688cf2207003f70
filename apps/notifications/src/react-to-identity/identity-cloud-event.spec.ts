import { parseIdentityMessage } from './identity-cloud-event';
import { redeliveryDelayMs } from '@app/nest-kit';

const accountId = '0b7c3a52-6f0e-4a38-9d0b-5a9f4c1d2e3f';
const enc = (x: unknown) => new TextEncoder().encode(typeof x === 'string' ? x : JSON.stringify(x));
const ce = (name: string, data: unknown, extra: Record<string, unknown> = {}) =>
  enc({ specversion: '1.0', id: 'evt-1', source: '/identity', type: `identity.${name}.v1`, time: '2026-11-22T10:00:00Z', data, ...extra });
const requestMetaData = { browser: 'Chrome 139', os: 'Linux', ip: '203.0.113.5' };

describe('reading identity CloudEvents', () => {
  it('reads a sign-in as published by identity, ignoring its own newDevice opinion', () => {
    const parsed = parseIdentityMessage(
      'p1.events.identity.SignInSucceeded',
      ce('SignInSucceeded', { accountId, sessionId: 's', signedInAt: '2026-11-22T10:00:00Z', expiresAt: 'x', requestMetaData, newDevice: false }, { correlationid: 'c-1' }),
    );
    expect(parsed).toEqual({
      kind: 'fact',
      eventId: 'evt-1',
      time: '2026-11-22T10:00:00Z',
      correlationId: 'c-1',
      fact: { name: 'SignInSucceeded', accountId, at: '2026-11-22T10:00:00Z', request: requestMetaData },
    });
  });

  it('maps how a password changed to change or reset', () => {
    const via = (v: string) => {
      const p = parseIdentityMessage('events.identity.PasswordChanged', ce('PasswordChanged', { accountId, via: v, changedAt: 'x', requestMetaData }));
      return p.kind === 'fact' && p.fact.name === 'PasswordChanged' ? p.fact.via : p.kind;
    };
    expect(via('verification-code')).toBe('change');
    expect(via('temporary-password')).toBe('reset');
    expect(via('telepathy')).toBe('malformed');
  });

  it('accepts the first draft of the contract (request, occurredAt)', () => {
    const p = parseIdentityMessage('events.identity.EmailChanged', ce('EmailChanged', { accountId, email: 'a@b.io', occurredAt: '2026-11-22T10:00:00Z', request: requestMetaData }));
    expect(p).toMatchObject({ kind: 'fact', fact: { name: 'EmailChanged', email: 'a@b.io', request: requestMetaData, at: '2026-11-22T10:00:00Z' } });
  });

  it('skips events it has no reaction to, and versions it does not know', () => {
    expect(parseIdentityMessage('events.identity.SignedOut', ce('SignedOut', { accountId }))).toMatchObject({ kind: 'skip', eventId: 'evt-1' });
    expect(
      parseIdentityMessage('events.identity.EmailChanged', ce('EmailChanged', { accountId }, { type: 'identity.EmailChanged.v2' })),
    ).toMatchObject({ kind: 'skip' });
  });

  it('refuses what is not a valid event, naming the event id when there is one', () => {
    expect(parseIdentityMessage('events.identity.X', enc('{nope'))).toMatchObject({ kind: 'malformed', reason: 'not JSON' });
    expect(parseIdentityMessage('events.identity.X', enc({ id: 'e2' }))).toMatchObject({ kind: 'malformed', eventId: 'e2' });
    expect(parseIdentityMessage('events.identity.EmailChanged', ce('MobileChanged', { accountId }))).toMatchObject({ kind: 'malformed' });
    expect(parseIdentityMessage('events.identity.EmailChanged', ce('EmailChanged', { accountId: 'not-a-uuid', email: 'a@b.io' }))).toMatchObject({
      kind: 'malformed',
      reason: expect.stringContaining('accountId'),
    });
  });

  it('backs off redeliveries from half a second to a minute', () => {
    expect([1, 2, 3, 8, 50].map(redeliveryDelayMs)).toEqual([500, 1000, 2000, 60_000, 60_000]);
  });
});
