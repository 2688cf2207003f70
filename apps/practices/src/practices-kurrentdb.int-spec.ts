/**
 * The practices service on EVENT_STORE=kurrentdb: its Nest module booted as the
 * service runs (bootstrapDomainService), with the in-process KurrentDB fake client injected
 * (no KurrentDB server can run here), against the real Postgres (read models, checkpoints) and
 * NATS. Driven over its RPC subjects as the gateway calls them: a created practice is appended to
 * KurrentDB (nothing to the Postgres events table), the reply already shows it (read-your-writes
 * through KurrentDB's own positions), the read model holds it, the relay publishes it on
 * JetStream, its checkpoints sit in Postgres at KurrentDB's positions; an NPI another practice
 * holds is refused with 409 by the pre-check and, without it, by the store's reservation stream.
 */
import { randomUUID } from 'node:crypto';
import { Conflict } from '@app/errors';
import { healthRpc, practices } from '@app/contracts';
import { eventually } from '@app/testing';
import { withNpiCheckDigit } from '@app/validation';
import { fakeStream, startServiceOnKurrentFake, type KurrentServiceUnderTest } from '../../../libs/nest-kit/src/kurrentdb-service.fixture';

jest.setTimeout(120_000);

const R = practices.PRACTICES_RPC;
let svc: KurrentServiceUnderTest;
const published: { subject: string; data: { id: string; data: Record<string, unknown> } }[] = [];
const admin = randomUUID();
const owner = randomUUID();
const runAs = <T>(userId: string, fn: () => Promise<T>) => svc.runAs(userId, fn, ['masterAdmin']);

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

const count = async (sql: string, values: unknown[] = []) => Number((await svc.pg.query(sql, values)).rows[0].n);

beforeAll(async () => {
  svc = await startServiceOnKurrentFake({
    context: 'practices',
    load: async () => ({ module: (await import('./practices.module')).PracticesModule, storage: (await import('./storage')).practicesStorage }),
  });
  const sub = svc.nc.subscribe(`${svc.prefix}.events.practices.>`);
  void (async () => {
    for await (const m of sub) published.push({ subject: m.subject, data: m.json() });
  })();
  // The directory's people as its events would have brought them (practice_people is practices' copy).
  await svc.pg.query(
    `INSERT INTO practices.practice_people (id, user_name, first_name, last_name, is_admin, is_master_admin) VALUES
       ($1, 'masteradmin', 'Mae', 'Admin', true, true), ($2, 'olive', 'Olive', 'Owner', false, false)`,
    [admin, owner],
  );
});

afterAll(async () => {
  await svc?.stop();
});

describe('practices on EVENT_STORE=kurrentdb (in-process fake client)', () => {
  let created: practices.CreatePracticePayload;
  let practiceId: string;

  it('creates a practice: events in KurrentDB only, the reply and the read model show it, the relay publishes it', async () => {
    created = newPractice();
    const reply = await runAs(admin, () => svc.requester.call(R.createPractice, created));
    expect(reply).toMatchObject({ success: true, practice: { npi: created.details.npi, practiceName: created.details.practiceName } });
    practiceId = reply.practice._id;
    // Read-your-writes: the reply's profile was read from the read model after the projection reached KurrentDB's position.
    expect(reply.practice.users.map((u) => u.user)).toEqual([owner]);

    expect((await fakeStream(svc.fake, `practice-${practiceId}`)).map((e) => e.type)).toContain('PracticeCreated');
    expect(await count('SELECT count(*)::int AS n FROM practices.events')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM practices.claims')).toBe(0);
    expect(svc.fake.requests.some((r) => r.kind === 'append' && r.streamName.startsWith('@claim-practice.npi-'))).toBe(true);

    expect(await count('SELECT count(*)::int AS n FROM practices.practices WHERE id = $1 AND npi = $2', [practiceId, created.details.npi])).toBe(1);
    const event = await eventually(() => {
      const found = published.find((p) => p.subject === `${svc.prefix}.events.practices.PracticeCreated` && p.data.data.practiceId === practiceId);
      if (!found) throw new Error('PracticeCreated not published yet');
      return found;
    });
    expect(event.data.data).toMatchObject({ practiceId, details: expect.objectContaining({ npi: created.details.npi }) });
  });

  it('keeps the projection and relay checkpoints in Postgres at KurrentDB positions, and reports no lag', async () => {
    const head = await eventually(async () => {
      const { rows } = await svc.pg.query(`SELECT name, global_position::text AS p FROM practices.checkpoints ORDER BY name`);
      const positions = new Map(rows.map((r) => [r.name as string, r.p as string]));
      const at = (await fakeStream(svc.fake, `practice-${practiceId}`)).at(-1)!.commit.toString();
      if (positions.get('practices') !== at || positions.get('relay:jetstream') !== at) throw new Error(`checkpoints ${JSON.stringify([...positions])}, head ${at}`);
      return at;
    });
    expect(BigInt(head)).toBeGreaterThan(0n);
    const health = await svc.requester.call(healthRpc('practices'), {});
    expect(health).toMatchObject({ status: 'up', relay: { lag: 0 }, projections: [{ name: 'practices', state: 'running', lag: 0 }] });
  });

  it('refuses a value another practice holds: 409 from the service, and from the store reservation when nothing checked before', async () => {
    const again = newPractice({ npi: created.details.npi });
    await expect(runAs(admin, () => svc.requester.call(R.createPractice, again))).rejects.toMatchObject({ kind: 'conflict', message: practices.NPI_TAKEN });
    expect(await count('SELECT count(*)::int AS n FROM practices.practices WHERE npi = $1', [created.details.npi])).toBe(1);

    // The writer itself, told that nothing is taken, with a new NPI and user name but the email of
    // the first practice: the email's reservation stream in KurrentDB refuses it.
    const { PracticeWriter } = await import('./infrastructure/practice.writer');
    const writer = svc.app.get(PracticeWriter, { strict: false });
    const id = randomUUID();
    const sameEmail = newPractice({ email: created.details.email.toUpperCase() });
    const refused = runAs(admin, () =>
      writer.execute(id, {
        type: 'CreatePractice',
        data: { practiceId: id, details: sameEmail.details, users: [{ userId: owner, accessType: 'Practice Owner', fullName: 'Olive Owner', npi: null, avatarImageUrl: null }], taken: {}, actor: { userId: admin, isMasterAdmin: true }, now: new Date() },
      }),
    );
    await expect(refused).rejects.toBeInstanceOf(Conflict);
    await expect(refused).rejects.toMatchObject({ kind: 'conflict', field: 'email' });
    expect(await fakeStream(svc.fake, `practice-${id}`)).toEqual([]);
    // The NPI and user name the refused append reserved before the email were given back.
    const { EVENT_STORE } = await import('@app/nest-kit');
    const store = svc.app.get<{ claimHolder(scope: string, value: string): Promise<string | undefined> }>(EVENT_STORE, { strict: false });
    expect(svc.fake.requests.filter((r) => r.kind === 'append' && r.streamName.startsWith('@claim-practice.userName-') && r.streamState === 'no_stream')).toHaveLength(2);
    expect(await store.claimHolder('practice.npi', sameEmail.details.npi)).toBeUndefined();
    expect(await store.claimHolder('practice.userName', sameEmail.details.userName.toLowerCase())).toBeUndefined();
    expect(await store.claimHolder('practice.email', created.details.email.toLowerCase())).toBe(practiceId);
    expect(await store.claimHolder('practice.npi', created.details.npi)).toBe(practiceId);
  });

  it('edits and deletes through KurrentDB: the read model follows, a deleted practice frees its NPI', async () => {
    const edited = await runAs(admin, () =>
      svc.requester.call(R.updatePractice, { practiceId, changes: { displayName: 'Kurrent Renamed' }, owners: created.owners, deletedOwners: [] }),
    );
    expect(edited.practice.displayName).toBe('Kurrent Renamed');
    await runAs(admin, () => svc.requester.call(R.deletePractice, { practiceId }));
    await eventually(async () => expect(await count('SELECT count(*)::int AS n FROM practices.practices WHERE id = $1', [practiceId])).toBe(0));
    const reused = await runAs(admin, () => svc.requester.call(R.createPractice, newPractice({ npi: created.details.npi })));
    expect(reused.practice.npi).toBe(created.details.npi);
    await eventually(() => {
      if (!published.some((p) => p.subject === `${svc.prefix}.events.practices.PracticeDeleted` && p.data.data.practiceId === practiceId)) throw new Error('PracticeDeleted not published yet');
    });
  });
});
