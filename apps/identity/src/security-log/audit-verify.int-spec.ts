/**
 * verifySecurityLog reads the log with COPY (text format) and hashes what it parses from it: the
 * entries the projection wrote (from events node-pg parsed) must verify, whatever the values hold
 * (escapes, unicode, control characters, odd numbers and keys, nulls) and whatever the session's
 * time zone; and the verifier leaves its connection's settings as it found them.
 */
import { randomUUID } from 'node:crypto';
import { testing } from '@app/event-store';
import { readModelCopies } from '@app/testing/read-model-copies';
import { identityStorage } from '../storage';
import { verifySecurityLog, type VerifyProgress } from './audit';
import { anchorOf, type SourcedAnchor } from './anchors';
import { SecurityLogProjection } from './security-log.projection';

jest.setTimeout(120_000);

const copies = readModelCopies('identity_verify', identityStorage);
/** Entries per COPY statement in the long walk: small, so that a few times it is several statements. */
const CHUNK = 30_000;

const ODD_TEXT = ['tab\there', 'new\nline\r\n', 'back\\slash \\N \\t', '"quoted"', "o'clock", '\x01\x07\x1b\x7f', '\b\f\v', 'é ü ß', '🎉 emoji', 'line\u2028sep\u2029', '日本語', '', ' '];

function oddEvents(n: number): testing.StoredEventInput[] {
  const base = Date.parse('2026-11-23T10:00:00.000Z');
  return Array.from({ length: n }, (_, i) => {
    const odd = ODD_TEXT[i % ODD_TEXT.length];
    return {
      id: randomUUID(),
      streamId: `account-${i % 7}${odd}`,
      type: i % 2 ? 'SignInFailed' : 'SignInSucceeded',
      data: {
        accountId: i % 5 ? randomUUID() : undefined,
        reason: odd,
        [`key ${odd}`]: odd,
        '10': 'ten',
        '9': 'nine',
        Z: 1,
        a: [1.5, -0, 0.1, 1e21, 12345678901234567890, 2 ** -1074, null, true, false, { y: odd, x: [] }],
        nested: { b: { d: {}, c: odd }, a: null },
      },
      metadata: i % 3 ? { correlationId: `c-${i}`, request: { ip: `10.0.0.${i % 250}`, browser: i % 4 ? odd : undefined, os: odd } } : {},
      recordedAt: new Date(base + i * 1000 + (i % 1000)),
    };
  });
}

it('verifies a log of odd values, on a session in another time zone, and restores its settings', async () => {
  const one = await copies.copy('verify_one');
  const log = await copies.copy('verify_odd');
  const events = oddEvents(400);
  await testing.projectOneByOneAndBatched({
    pool: copies.pool,
    projection: new SecurityLogProjection(),
    events,
    oneByOne: one,
    batched: log,
    batchSizes: [100],
    tables: ['security_log'],
  });
  // Postgres keeps microseconds; the hash covers the millisecond JavaScript reads.
  await copies.pool.query(`UPDATE verify_odd.events SET recorded_at = recorded_at + interval '999 microseconds'`);
  const client = await copies.pool.connect();
  try {
    await client.query(`SET TimeZone = 'America/St_Johns'`);
    await client.query(`SET DateStyle = 'ISO, DMY'`);
    const progress: VerifyProgress[] = [];
    const r = await verifySecurityLog(client, log.schema, { onProgress: (p) => progress.push(p), progressEvery: 150 });
    expect(r).toMatchObject({ count: events.length, broken: null, missingTail: null, sourceEvents: { checked: events.length, unhashed: 0 } });
    // Reported as the rows come (about every 150), and once at the end.
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[progress.length - 1]).toEqual({ checked: 400, total: 400 });
    for (let i = 1; i < progress.length; i++) expect(progress[i].checked).toBeGreaterThanOrEqual(progress[i - 1].checked + (i < progress.length - 1 ? 150 : 0));
    const { rows } = await client.query(`SELECT current_setting('TimeZone') AS tz, current_setting('DateStyle') AS ds`);
    expect(rows[0]).toEqual({ tz: 'America/St_Johns', ds: 'ISO, DMY' });

    // A millisecond more is another source event.
    const victim = (await client.query(`SELECT seq, event_id FROM verify_odd.security_log WHERE seq = 123`)).rows[0];
    await client.query(`UPDATE verify_odd.events SET recorded_at = recorded_at + interval '1 millisecond' WHERE event_id = $1`, [victim.event_id]);
    const edited = await verifySecurityLog(copies.pool, log.schema);
    expect(edited).toMatchObject({ count: 123, broken: { seq: 123, eventId: victim.event_id, reason: 'its source event was changed in the event store after it was logged' } });
    expect(edited.sourceEvents.checked).toBe(123);
  } finally {
    client.release();
  }
  // The pool's connection went back healthy.
  expect(copies.pool.idleCount).toBeGreaterThan(0);
});

it('walks a log longer than one COPY statement, and names the first broken entry in a later one', async () => {
  const copy = await copies.copy('verify_long');
  // Three COPY statements of CHUNK entries (the walk is the same at VERIFY_CHUNK, only longer).
  const n = 2 * CHUNK + 1234;
  const events = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    streamId: `account-${i % 50}`,
    type: 'SignInFailed',
    data: { reason: 'wrong-password', attempt: i % 5 },
    metadata: { request: { ip: `10.0.${i % 250}.1` } },
    recordedAt: new Date(Date.parse('2026-11-23T10:00:00.000Z') + i),
  }));
  await testing.projectOneByOneAndBatched({
    pool: copies.pool,
    projection: new SecurityLogProjection(),
    events: events.slice(0, 1),
    oneByOne: await copies.copy('verify_long_one'),
    batched: copy,
    batchSizes: [1],
    tables: ['security_log'],
  });
  // The rest projected in large batches straight into the copy (the one-by-one copy is not needed here).
  await storeAndProject(copy, events.slice(1));
  const hashAt = async (seq: number) => String((await copies.pool.query(`SELECT hash FROM verify_long.security_log WHERE seq = $1`, [seq])).rows[0].hash);
  const anchor = async (seq: number, hash?: string): Promise<SourcedAnchor> => ({
    ...anchorOf(copy.schema, { seq, hash: hash ?? (await hashAt(seq)), occurredAt: '2026-11-23T10:00:00.000Z' }),
    source: `test #${seq}`,
  });
  const anchors = [await anchor(1), await anchor(5000), await anchor(5000), await anchor(CHUNK + 1), await anchor(n)];
  // Worker threads (the default at this size) and this thread find the same.
  const intact = await verifySecurityLog(copies.pool, copy.schema, { anchors, chunk: CHUNK });
  expect(intact).toMatchObject({ count: n, headHash: await hashAt(n), broken: null, missingTail: null, sourceEvents: { checked: n, unhashed: 0 } });
  expect(intact.anchors.matched).toBe(anchors.length);
  expect(await verifySecurityLog(copies.pool, copy.schema, { anchors, threads: 0, chunk: CHUNK })).toEqual(intact);
  expect(await verifySecurityLog(copies.pool, copy.schema, { anchors, threads: 3, chunk: CHUNK })).toEqual(intact);
  // One statement for all of it (the default chunk) finds the same.
  expect(await verifySecurityLog(copies.pool, copy.schema, { anchors })).toEqual(intact);

  // An anchor that disagrees, in the middle of a batch: the walk stops there.
  const forged = [...anchors, await anchor(22_222, 'f'.repeat(64))];
  const contradicted = await verifySecurityLog(copies.pool, copy.schema, { anchors: forged, chunk: CHUNK });
  expect(contradicted).toMatchObject({ count: 22_222, headHash: await hashAt(22_221), broken: { seq: 22_222, reason: expect.stringContaining('differs from the anchored hash ffff') } });
  expect(contradicted.anchors.matched).toBe(3);
  expect(await verifySecurityLog(copies.pool, copy.schema, { anchors: forged, threads: 0, chunk: CHUNK })).toEqual(contradicted);

  // An entry changed in the second COPY statement.
  await copies.pool.query(`UPDATE verify_long.security_log SET os = 'BeOS' WHERE seq = $1`, [CHUNK + 7]);
  const broken = await verifySecurityLog(copies.pool, copy.schema, { chunk: CHUNK });
  expect(broken).toMatchObject({ count: CHUNK + 7, broken: { seq: CHUNK + 7, reason: 'the entry was changed: its content does not match its hash' } });
  expect(broken.headHash).toBe(await hashAt(CHUNK + 6));
  expect(await verifySecurityLog(copies.pool, copy.schema, { threads: 0, chunk: CHUNK })).toEqual(broken);

  // An entry deleted: the next one is reported, wherever the batches fall.
  await copies.pool.query(`DELETE FROM verify_long.security_log WHERE seq = 12345`);
  const gap = await verifySecurityLog(copies.pool, copy.schema, { chunk: CHUNK });
  expect(gap).toMatchObject({ count: 12_345, headHash: await hashAt(12_344), broken: { seq: 12_346, reason: 'expected entry #12345, found #12346: entries are missing' } });
  expect(await verifySecurityLog(copies.pool, copy.schema, { threads: 0, chunk: CHUNK })).toEqual(gap);
  expect(copies.pool.idleCount).toBeGreaterThan(0);
  // 61,234 entries stored, projected and verified nine times: a minute or more on a loaded 2-core machine.
}, 600_000);

/** Appends events after those already in the copy and projects them in batches of 5,000. */
async function storeAndProject(copy: testing.ReadModelCopy, events: testing.StoredEventInput[]) {
  const { PostgresEventStore, ProjectionRunner } = await import('@app/event-store');
  const store = new PostgresEventStore(copies.pool, { schema: copy.schema, logger: { log: () => undefined, warn: () => undefined, error: () => undefined } });
  const { rows } = await copies.pool.query(`SELECT coalesce(max(global_position), 0)::int AS n FROM ${copy.schema}.events`);
  const start = rows[0].n as number;
  const versions = new Map<string, number>();
  for (let from = 0; from < events.length; from += 5000) {
    const slice = events.slice(from, from + 5000);
    const values: unknown[] = [];
    const tuples = slice.map((e, i) => {
      const v = (versions.get(e.streamId) ?? 1000) + 1;
      versions.set(e.streamId, v);
      values.push(start + from + i + 1, e.streamId, v, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata ?? {}), e.recordedAt.toISOString());
      const b = i * 8;
      return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}::jsonb, $${b + 7}::jsonb, $${b + 8})`;
    });
    await copies.pool.query(`INSERT INTO ${copy.schema}.events (global_position, stream_id, stream_version, event_id, type, data, metadata, recorded_at) VALUES ${tuples.join(', ')}`, values);
  }
  const runner = new ProjectionRunner({ store, orm: copy.orm as never, projections: [new SecurityLogProjection()], batchSize: 5000, logger: { log: () => undefined, warn: () => undefined, error: () => undefined } });
  await runner.catchUp();
}
