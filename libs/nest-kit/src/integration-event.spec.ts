import { z } from 'zod';
import { parseIntegrationEvent } from './integration-event';

const contracts = { AccountRegistered: z.looseObject({ accountId: z.uuid() }).transform((d) => d.accountId) };
const SUBJECT = 'test.events.identity.AccountRegistered';
const accountId = '6f1c2a4e-8b0d-4f3a-9c1e-2d7b5a9e0f13';
const envelope = (over: Record<string, unknown> = {}) => ({
  specversion: '1.0',
  id: 'evt-1',
  type: 'identity.AccountRegistered.v1',
  source: '/identity',
  time: '2026-11-23T10:00:00.000Z',
  correlationid: 'corr-1',
  data: { accountId },
  ...over,
});
const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const parse = (value: unknown, subject = SUBJECT) => parseIntegrationEvent('identity', subject, bytes(value), contracts);

describe('parseIntegrationEvent', () => {
  it('reads a v1 event of a known name into its contract, with id, time and correlation id', () => {
    expect(parse(envelope())).toEqual({ kind: 'event', eventId: 'evt-1', name: 'AccountRegistered', time: '2026-11-23T10:00:00.000Z', correlationId: 'corr-1', data: accountId });
  });

  it('skips names it has no contract for, and versions other than v1', () => {
    expect(parse(envelope({ type: 'identity.SignInFailed.v1' }), 'test.events.identity.SignInFailed')).toMatchObject({ kind: 'skip', eventId: 'evt-1' });
    expect(parse(envelope({ type: 'identity.AccountRegistered.v2' }))).toMatchObject({ kind: 'skip', reason: 'unknown version v2 of AccountRegistered' });
  });

  it('refuses what is not JSON, not a CloudEvent, of another context or name than its subject, or with bad data', () => {
    expect(parse('{oops')).toEqual({ kind: 'malformed', reason: 'not JSON' });
    expect(parse({ ...envelope(), specversion: '0.3' })).toMatchObject({ kind: 'malformed', eventId: 'evt-1' });
    expect(parse(envelope({ type: 'practices.AccountRegistered.v1' }))).toMatchObject({ kind: 'malformed', reason: expect.stringContaining('does not match subject') });
    expect(parse(envelope({ type: 'identity.EmailChanged.v1' }))).toMatchObject({ kind: 'malformed' });
    expect(parse(envelope({ data: { accountId: "1' OR '1'='1" } }))).toMatchObject({ kind: 'malformed', reason: expect.stringMatching(/^AccountRegistered data: accountId/) });
  });
});
