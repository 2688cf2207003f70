/**
 * The practices service on EVENT_STORE=kurrentdb (issue #25): its Nest module booted as the
 * service runs (bootstrapDomainService), with the in-process KurrentDB fake client injected
 * (no KurrentDB server can run here), against the real Postgres (read models, checkpoints) and
 * NATS. Driven over its RPC subjects as the gateway calls them: a created practice is appended to
 * KurrentDB (nothing to the Postgres events table), the reply already shows it (read-your-writes
 * through KurrentDB's own positions), the read model holds it, the relay publishes it on
 * JetStream, its checkpoints sit in Postgres at KurrentDB's positions; an NPI another practice
 * holds is refused with 409 by the pre-check and, without it, by the store's reservation stream.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Client } from 'pg';
import { Conflict } from '@app/errors';
import { healthRpc, practices } from '@app/contracts';
import { createTestDatabase, eventually, testNatsPrefix, testNatsUrl, type TestDatabase } from '@app/testing';
import { withNpiCheckDigit } from '@app/validation';
import type { ServiceRequester } from '@app/nest-kit';
import { FakeKurrentDBClient } from '../../../libs/event-store/src/kurrent/fake-kurrentdb-client.fixture';

jest.setTimeout(120_000);

const R = practices.PRACTICES_RPC;
let db: TestDatabase;
let prefix: string;
let app: INestMicroservice;
let nc: NatsConnection;
let pg: Client;
let requester: ServiceRequester;
let runAs: <T>(userId: string, fn: () => Promise<T>) => Promise<T>;
const fake = new FakeKurrentDBClient();
const published: { subject: string; data: { id: string; data: Record<string, unknown> } }[] = [];
const admin = randomUUID();
const owner = randomUUID();

let n = 0;
function newPractice(over: Partial<practices.CreatePracticePayload['details']> = {}): practices.CreatePracticePayload {
  n++;
  return {
    details: {
      npi: withNpiCheckDigit(`16${String(1000000 + n * 7919).slice(-7)}`),
      practiceName: `Kurrent Family Medicine ${n}`,
      displayName: `Kurrent ${n}`,
      userName: `kurrent${n}x`,
      email: `office${n}@kurrent.test`,
      mailingAddress: { streetAddress1: '100 Congress Avenue', suite: '200', city: 'Austin', state: 'TX', zip: '78701' },
      phone: '5125550100',
      fax: null,
      website: null,
      profileDescription: null,
      bannerImageUrl: null,
      avatarImageUrl: null,
      ...over,
    },
    owners: [{ id: owner, accessType: 'Practice Owner', fullName: 'Olive Owner', npi: null, avatarImageUrl: null }],
  };
}

const count = async (sql: string, values: unknown[] = []) => Number((await pg.query(sql, values)).rows[0].n);

beforeAll(async () => {
  db = await createTestDatabase('practices_kurrent');
  prefix = testNatsPrefix('practices_kurrent');
  Object.assign(process.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: db.url,
    NATS_URL: testNatsUrl(),
    NATS_PREFIX: prefix,
    ACTOR_SIGNING_KEY: randomBytes(32).toString('hex'),
    EVENT_STORE: 'kurrentdb',
    // Never dialled: the fake client below stands for the server.
    KURRENTDB_URL: 'kurrentdb://admin:changeit@kurrentdb.invalid:2113?tls=false',
  });
  // Modules load after the environment is set: RPC subjects carry the prefix from the moment their classes load.
  const kit = await import('@app/nest-kit');
  const { PracticesModule } = await import('./practices.module');
  const { practicesStorage } = await import('./storage');
  app = await kit.bootstrapDomainService({ context: 'practices', module: PracticesModule, storage: practicesStorage, kurrentClient: () => fake });
  nc = await connect({ servers: testNatsUrl() });
  const sub = nc.subscribe(`${prefix}.events.practices.>`);
  void (async () => {
    for await (const m of sub) published.push({ subject: m.subject, data: m.json() });
  })();
  requester = new kit.ServiceRequester({ NODE_ENV: 'test', ACTOR_SIGNING_KEY: process.env.ACTOR_SIGNING_KEY, NATS_URL: testNatsUrl() }, nc);
  await requester.connect();
  runAs = (userId, fn) => kit.runWithContext({ correlationId: randomUUID(), actor: { userId, roles: ['masterAdmin'] } }, fn);
  pg = new Client({ connectionString: db.url });
  await pg.connect();
  // The directory's people as its events would have brought them (practice_people is practices' copy).
  await pg.query(
    `INSERT INTO practices.practice_people (id, user_name, first_name, last_name, is_admin, is_master_admin) VALUES
       ($1, 'masteradmin', 'Mae', 'Admin', true, true), ($2, 'olive', 'Olive', 'Owner', false, false)`,
    [admin, owner],
  );
});

afterAll(async () => {
  await requester?.close().catch(() => undefined);
  await app?.close();
  if (nc) {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(`${prefix.replace(/-/g, '_').toUpperCase()}_EVENTS`).catch(() => undefined);
    await nc.close();
  }
  await pg?.end();
  await db?.drop();
});

describe('practices on EVENT_STORE=kurrentdb (in-process fake client)', () => {
  let created: practices.CreatePracticePayload;
  let practiceId: string;

  it('creates a practice: events in KurrentDB only, the reply and the read model show it, the relay publishes it', async () => {
    created = newPractice();
    const reply = await runAs(admin, () => requester.call(R.createPractice, created));
    expect(reply).toMatchObject({ success: true, practice: { npi: created.details.npi, practiceName: created.details.practiceName } });
    practiceId = reply.practice._id;
    // Read-your-writes: the reply's profile was read from the read model after the projection reached KurrentDB's position.
    expect(reply.practice.users.map((u) => u.user)).toEqual([owner]);

    const stream = [];
    for await (const e of fake.readStream(`practice-${practiceId}`)) stream.push(e.event!.type);
    expect(stream).toContain('PracticeCreated');
    expect(await count('SELECT count(*)::int AS n FROM practices.events')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM practices.claims')).toBe(0);
    expect(fake.requests.some((r) => r.kind === 'append' && r.streamName.startsWith('@claim-practice.npi-'))).toBe(true);

    expect(await count('SELECT count(*)::int AS n FROM practices.practices WHERE id = $1 AND npi = $2', [practiceId, created.details.npi])).toBe(1);
    const event = await eventually(() => {
      const found = published.find((p) => p.subject === `${prefix}.events.practices.PracticeCreated` && p.data.data.practiceId === practiceId);
      if (!found) throw new Error('PracticeCreated not published yet');
      return found;
    });
    expect(event.data.data).toMatchObject({ practiceId, details: expect.objectContaining({ npi: created.details.npi }) });
  });

  it('keeps the projection and relay checkpoints in Postgres at KurrentDB positions, and reports no lag', async () => {
    const head = await eventually(async () => {
      const { rows } = await pg.query(`SELECT name, global_position::text AS p FROM practices.checkpoints ORDER BY name`);
      const positions = new Map(rows.map((r) => [r.name as string, r.p as string]));
      const last = [];
      for await (const e of fake.readStream(`practice-${practiceId}`, { direction: 'backwards', fromRevision: 'end', maxCount: 1 })) last.push(e.event!);
      const at = last[0].position!.commit.toString();
      if (positions.get('practices') !== at || positions.get('relay:jetstream') !== at) throw new Error(`checkpoints ${JSON.stringify([...positions])}, head ${at}`);
      return at;
    });
    expect(BigInt(head)).toBeGreaterThan(0n);
    const health = await requester.call(healthRpc('practices'), {});
    expect(health).toMatchObject({ status: 'up', relay: { lag: 0 }, projections: [{ name: 'practices', state: 'running', lag: 0 }] });
  });

  it('refuses an NPI another practice holds: 409 from the service, and from the store reservation when nothing checked before', async () => {
    const again = newPractice({ npi: created.details.npi });
    await expect(runAs(admin, () => requester.call(R.createPractice, again))).rejects.toMatchObject({ kind: 'conflict', message: practices.NPI_TAKEN });
    expect(await count('SELECT count(*)::int AS n FROM practices.practices WHERE npi = $1', [created.details.npi])).toBe(1);

    // The writer itself, told that nothing is taken: the reservation stream in KurrentDB refuses it.
    const { PracticeWriter } = await import('./infrastructure/practice.writer');
    const writer = app.get(PracticeWriter, { strict: false });
    const id = randomUUID();
    const refused = runAs(admin, () =>
      writer.execute(id, {
        type: 'CreatePractice',
        data: { practiceId: id, details: again.details, users: [{ userId: owner, accessType: 'Practice Owner', fullName: 'Olive Owner', npi: null, avatarImageUrl: null }], taken: {}, actor: { userId: admin, isMasterAdmin: true }, now: new Date() },
      }),
    );
    await expect(refused).rejects.toBeInstanceOf(Conflict);
    await expect(refused).rejects.toMatchObject({ message: practices.NPI_TAKEN, field: 'npi' });
    const none = [];
    try {
      for await (const e of fake.readStream(`practice-${id}`)) none.push(e);
    } catch (err) {
      expect((err as { type?: string }).type).toBe('stream-not-found');
    }
    expect(none).toEqual([]);
    // The user name and email the refused append reserved first were given back.
    const { EVENT_STORE } = await import('@app/nest-kit');
    const store = app.get<{ claimHolder(scope: string, value: string): Promise<string | undefined> }>(EVENT_STORE, { strict: false });
    expect(await store.claimHolder('practice.userName', again.details.userName.toLowerCase())).toBeUndefined();
    expect(await store.claimHolder('practice.npi', created.details.npi)).toBe(practiceId);
  });

  it('edits and deletes through KurrentDB: the read model follows, a deleted practice frees its NPI', async () => {
    const edited = await runAs(admin, () =>
      requester.call(R.updatePractice, { practiceId, changes: { displayName: 'Kurrent Renamed' }, owners: created.owners, deletedOwners: [] }),
    );
    expect(edited.practice.displayName).toBe('Kurrent Renamed');
    await runAs(admin, () => requester.call(R.deletePractice, { practiceId }));
    await eventually(async () => expect(await count('SELECT count(*)::int AS n FROM practices.practices WHERE id = $1', [practiceId])).toBe(0));
    const reused = await runAs(admin, () => requester.call(R.createPractice, newPractice({ npi: created.details.npi })));
    expect(reused.practice.npi).toBe(created.details.npi);
    await eventually(() => {
      if (!published.some((p) => p.subject === `${prefix}.events.practices.PracticeDeleted` && p.data.data.practiceId === practiceId)) throw new Error('PracticeDeleted not published yet');
    });
  });
});
