/**
 * The directory service on EVENT_STORE=kurrentdb: its Nest module booted as the
 * service runs, with the in-process KurrentDB fake client injected (no KurrentDB server can run
 * here), against the real Postgres (read models, checkpoints) and NATS JetStream. identity's
 * AccountRegistered on JetStream gives the account a profile in KurrentDB (once, however often
 * it is delivered), which the relay publishes as ProfileCreated; the admin adds a facility over
 * RPC (the reply read back from the projected read model) and the same NPI again is refused with
 * 409 by the facility's claim, a reservation stream in KurrentDB.
 */
import { randomUUID } from 'node:crypto';
import { directory, healthRpc } from '@app/contracts';
import { eventually } from '@app/testing';
import { withNpiCheckDigit } from '@app/validation';
import { fakeStream, startServiceOnKurrentFake, type KurrentServiceUnderTest } from '../../../libs/nest-kit/src/kurrentdb-service.fixture';

jest.setTimeout(120_000);

const R = directory.FACILITIES_RPC;
let svc: KurrentServiceUnderTest;
const admin = randomUUID();
const published: { subject: string; data: { id: string; data: Record<string, unknown> } }[] = [];

beforeAll(async () => {
  svc = await startServiceOnKurrentFake({
    context: 'directory',
    load: async () => ({ module: (await import('./directory.module')).DirectoryModule, storage: (await import('./storage')).directoryStorage }),
  });
  const sub = svc.nc.subscribe(`${svc.prefix}.events.directory.>`);
  void (async () => {
    for await (const m of sub) published.push({ subject: m.subject, data: m.json() });
  })();
});

afterAll(async () => {
  await svc?.stop();
});

/** identity's AccountRegistered event on JetStream, as its relay publishes it (`msgId`: its own Nats-Msg-Id). */
function publishRegistered(eventId: string, msgId = eventId): Promise<number> {
  const data = {
    accountId: admin,
    userName: 'kurrentadmin',
    email: 'kurrent.admin@clinic.test',
    firstName: 'Kay',
    lastName: 'Admin',
    roles: { isAdmin: true, isProvider: false, isMasterAdmin: false },
    registeredAt: new Date().toISOString(),
  };
  return svc.publishEvent('identity', 'AccountRegistered', eventId, data, msgId);
}

const facility = (npi: string) =>
  ({
    details: {
      npi,
      entityTypeCode: '1',
      contactPersonFirstName: 'Jane',
      contactPersonMiddleName: null,
      contactPersonLastName: 'Doe',
      mailingAddressOrgName: null,
      mailingAddressStreet: '100 Congress Avenue',
      mailingAddressSuite: null,
      mailingAddressCity: 'Austin',
      mailingAddressState: 'TX',
      mailingAddressZip: '78701',
      email: null,
      mobile: null,
      phone: null,
      fax: null,
    },
  }) as never;

describe('directory on EVENT_STORE=kurrentdb (in-process fake client)', () => {
  it("gives identity's new account a profile in KurrentDB once, however often the event is delivered, and publishes it", async () => {
    const eventId = randomUUID();
    // The relay makes the JetStream stream at boot; publishing waits for it.
    await eventually(() => publishRegistered(eventId));
    await eventually(async () => {
      const { rows } = await svc.pg.query('SELECT is_admin FROM directory.profiles WHERE id = $1', [admin]);
      expect(rows).toEqual([{ is_admin: true }]);
    });
    await svc.acked('directory', await publishRegistered(eventId, randomUUID())); // the same CloudEvent, another message
    const created = await eventually(() => {
      const found = published.find((p) => p.subject === `${svc.prefix}.events.directory.ProfileCreated` && p.data.data.profileId === admin);
      if (!found) throw new Error('ProfileCreated not published yet');
      return found;
    });
    expect(created.data.data).toMatchObject({ profileId: admin });
    await eventually(async () => {
      const health = await svc.requester.call(healthRpc('directory'), {});
      expect(health).toMatchObject({ status: 'up', relay: { lag: 0 } });
      expect(health.projections.every((p) => p.lag === 0 && p.state === 'running')).toBe(true);
    });
    const stream = await fakeStream(svc.fake, `profile-${admin}`);
    expect(stream.map((e) => e.type)).toEqual(['ProfileCreated']);
    expect(stream[0].metadata).toMatchObject({ sourceEventId: eventId });
    expect(Number((await svc.pg.query('SELECT count(*)::int AS n FROM directory.events')).rows[0].n)).toBe(0);
  });

  it("adds the admin's facility (the reply read back from the read model) and refuses the same NPI again with 409 by its claim", async () => {
    const npi = withNpiCheckDigit('170000007');
    const added = await svc.runAs(admin, () => svc.requester.call(R.addFacility, facility(npi)));
    expect(added).toMatchObject({ success: true, facility: { npi } });
    const facilityId = (added as { facility: { _id: string } }).facility._id;
    expect((await svc.pg.query('SELECT npi FROM directory.facilities WHERE id = $1', [facilityId])).rows).toEqual([{ npi }]);
    expect((await fakeStream(svc.fake, `facility-${facilityId}`)).map((e) => e.type)).toEqual(['FacilityCreated']);

    await expect(svc.runAs(admin, () => svc.requester.call(R.addFacility, facility(npi)))).rejects.toMatchObject({ kind: 'conflict' });
    expect(Number((await svc.pg.query('SELECT count(*)::int AS n FROM directory.facilities WHERE npi = $1', [npi])).rows[0].n)).toBe(1);
    expect(svc.fake.requests.some((r) => r.kind === 'append' && r.streamName.startsWith('@claim-'))).toBe(true);
    expect(Number((await svc.pg.query('SELECT count(*)::int AS n FROM directory.claims')).rows[0].n)).toBe(0);
  });
});
