/**
 * The batch paths of identity's projections write the same read model as their one-by-one
 * paths: the same events projected through `handle` alone and through `handleBatch` in batches
 * of several sizes (splits falling anywhere in the chain).
 */
import { randomUUID } from 'node:crypto';
import { testing, type Projection } from '@app/event-store';
import { readModelCopies } from '@app/testing/read-model-copies';
import { SessionsProjection } from '../sessions/sessions.projection';
import { identityStorage } from '../storage';
import { verifySecurityLog } from './audit';
import { SecurityLogProjection } from './security-log.projection';

jest.setTimeout(120_000);

const copies = readModelCopies('identity_batch', identityStorage);
const copy = (schema: string) => copies.copy(schema);

/** Sign-ins, failures, sign-outs, revocations and account changes of a few accounts, with request metadata. */
function securityEvents(n: number): testing.StoredEventInput[] {
  const accounts = Array.from({ length: 5 }, () => randomUUID());
  const sessions: string[][] = accounts.map(() => []);
  const base = Date.parse('2026-11-23T10:00:00.000Z');
  const events: testing.StoredEventInput[] = [];
  for (let i = 0; i < n; i++) {
    const a = i % accounts.length;
    const accountId = accounts[a];
    const at = new Date(base + i * 1000).toISOString();
    const metadata = { correlationId: `c-${i}`, request: { ip: `10.0.0.${i % 250}`, browser: i % 3 ? 'Chrome 142' : undefined, os: 'Linux' } };
    const push = (type: string, data: Record<string, unknown>) =>
      events.push({ id: randomUUID(), streamId: `account-${accountId}`, type, data, metadata, recordedAt: new Date(base + i * 1000 + (i % 13)) });
    switch (i % 6) {
      case 0:
      case 3: {
        const sessionId = randomUUID();
        sessions[a].push(sessionId);
        push('SignInSucceeded', { accountId, challengeId: randomUUID(), sessionId, signedInAt: at, expiresAt: at });
        break;
      }
      case 1:
        push('SignInFailed', { accountId, identifierHash: `h${i}`, reason: 'wrong-password', attempt: i % 5 });
        break;
      case 2:
        push('SignInCodeIssued', { accountId, challengeId: randomUUID(), channel: 'sms', sentTo: '***0123', issuedAt: at, expiresAt: at });
        break;
      case 4:
        if (sessions[a].length) push('SignedOut', { accountId, sessionId: sessions[a].shift()!, signedOutAt: at });
        else push('MobileChanged', { accountId, mobile: '+12025550123' });
        break;
      case 5:
        push('SessionsRevoked', { accountId, sessionIds: sessions[a].splice(0), reason: 'password-changed', revokedAt: at });
        break;
    }
  }
  return events;
}

describe.each<[string, () => Projection]>([
  ['security-log', () => new SecurityLogProjection()],
  ['sessions', () => new SessionsProjection()],
])('%s projection', (name, make) => {
  it('writes the same read model in batches as one event at a time', async () => {
    const events = securityEvents(600);
    const projection = make();
    const result = await testing.projectOneByOneAndBatched({
      pool: copies.pool,
      projection,
      events,
      oneByOne: await copy(`${name.replace('-', '_')}_one`),
      batched: await copy(`${name.replace('-', '_')}_batch`),
      batchSizes: [1, 7, 64, 500],
      tables: projection.tables ?? ['security_log'],
    });
    const [table] = projection.tables ?? ['security_log'];
    expect(result.oneByOne[table].length).toBeGreaterThan(100);
    for (const rows of result.batched) expect(rows).toEqual(result.oneByOne);
  });
});

it('a batched security log verifies intact', async () => {
  const batched = await copy('security_log_verify');
  await testing.projectOneByOneAndBatched({
    pool: copies.pool,
    projection: new SecurityLogProjection(),
    events: securityEvents(300),
    oneByOne: await copy('security_log_verify_one'),
    batched,
    batchSizes: [128],
    tables: ['security_log'],
  });
  const result = await verifySecurityLog(copies.pool, batched.schema);
  expect(result.broken).toBeNull();
  expect(result.count).toBeGreaterThan(200);
  expect(result.sourceEvents.checked).toBe(result.count);
});
