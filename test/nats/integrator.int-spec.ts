/**
 * Integrators get at-least-once delivery: with the deployment's NATS configuration, the
 * INTEGRATORS account's stream sources the APP account's stream EVENTS, so an integrator whose
 * durable consumer was offline (while the server even restarted) receives every event after
 * reconnecting, and nothing again once it acknowledged.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, StorageType } from '@nats-io/jetstream';
import { headers, nanos, type NatsConnection } from '@nats-io/transport-node';
import { ROOT, permissionViolations, publishAndSettle, startDeployNats, type DeployNats } from './deploy-nats';

const EVENTS = 1000;
const CONTEXTS = ['identity', 'directory', 'practices', 'messaging', 'notifications', 'credentialing'] as const;

let nats: DeployNats;
beforeAll(async () => {
  nats = await startDeployNats();
}, 30_000);
afterAll(() => nats?.stop());

function setupIntegratorsStream(): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'deploy', 'nats', 'integrators-stream.mjs')], {
    cwd: ROOT,
    env: { ...process.env, NATS_URL: `nats://integrator:${nats.passwords.integrator}@127.0.0.1:${nats.port}`, NATS_CONNECT_TIMEOUT_SECONDS: '10' },
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** Reads the durable consumer until `want` distinct events arrived (or the deadline), acking each. */
async function drain(nc: NatsConnection, want: number, deadlineMs: number) {
  const consumer = await jetstream(nc).consumers.get('EVENTS', 'acme');
  const deliveries = new Map<string, number>();
  const subjects = new Map<string, string>();
  const deadline = Date.now() + deadlineMs;
  while (deliveries.size < want && Date.now() < deadline) {
    const batch = await consumer.fetch({ max_messages: 250, expires: 1000 });
    for await (const m of batch) {
      const id = m.headers?.get('Nats-Msg-Id') ?? '';
      const body = m.json<{ id: string; type: string; data: { n: number } }>();
      expect(body.id).toBe(id);
      deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
      subjects.set(id, m.subject);
      await m.ackAck();
    }
  }
  return { deliveries, subjects };
}

it('an integrator offline during 1,000 events receives every one after reconnecting, once, with acks', async () => {
  // The services' relay creates the APP account's stream EVENTS (as JetStreamRelay.ensureStream does)
  // and publishes as it does: JetStream, Nats-Msg-Id = event id.
  // Each service publishes its own events with its own NATS user.
  const services = await Promise.all(CONTEXTS.map((c) => nats.connectAs(c)));
  await (await jetstreamManager(services[0])).streams.add({ name: 'EVENTS', subjects: ['events.>'], storage: StorageType.File, duplicate_window: nanos(120_000) });
  const publish = (id: string, n: number) => {
    const h = headers();
    h.set('Content-Type', 'application/cloudevents+json; charset=utf-8');
    const context = CONTEXTS[n % CONTEXTS.length];
    const body = { specversion: '1.0', id, source: `/${context}`, type: `${context}.Something.v1`, data: { n } };
    return jetstream(services[n % CONTEXTS.length]).publish(`events.${context}.Something`, JSON.stringify(body), { msgID: id, headers: h });
  };
  // Events stored before the integrators' stream existed are sourced too (a core-NATS import
  // would have lost them).
  const earlier = Array.from({ length: 20 }, () => randomUUID());
  for (const [n, id] of earlier.entries()) await publish(id, n);

  // The deployment's one-shot job creates the integrators' stream; running it again is a no-op.
  const created = setupIntegratorsStream();
  expect(created).toMatchObject({ status: 0 });
  expect(created.out).toMatch(/created stream EVENTS/);
  const again = setupIntegratorsStream();
  expect(again).toMatchObject({ status: 0 });
  expect(again.out).toMatch(/already exists/);

  // The integrator creates its durable consumer, then goes offline.
  let nc = await nats.connectAs('integrator');
  await (await jetstreamManager(nc)).consumers.add('EVENTS', {
    durable_name: 'acme',
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: 'events.>',
    max_ack_pending: 1000,
  });
  await nc.close();

  // 1,000 events through the APP account while the integrator is offline. The relay publishes
  // at least once: 100 of them go out twice.
  const ids: string[] = [];
  for (let n = 0; n < EVENTS; n++) {
    const id = randomUUID();
    ids.push(id);
    await publish(id, n);
  }
  const repeats = await Promise.all(ids.slice(0, 100).map((id, n) => publish(id, n)));
  expect(repeats.every((ack) => ack.duplicate)).toBe(true);
  await Promise.all(services.map((s) => s.close()));

  // The server restarts while the integrator is away: nothing is lost.
  await nats.restart();

  nc = await nats.connectAs('integrator');
  const { deliveries, subjects } = await drain(nc, earlier.length + EVENTS, 30_000);
  expect(deliveries.size).toBe(earlier.length + EVENTS);
  expect([...deliveries.keys()].sort()).toEqual([...earlier, ...ids].sort());
  expect([...deliveries.values()].every((count) => count === 1)).toBe(true);
  expect(subjects.get(ids[1])).toBe('events.directory.Something');
  const info = await (await jetstreamManager(nc)).consumers.info('EVENTS', 'acme');
  expect(info).toMatchObject({ num_pending: 0, num_ack_pending: 0 });
  await nc.close();

  // Acknowledged events are not delivered again to the next session.
  nc = await nats.connectAs('integrator');
  const next = await (await jetstream(nc).consumers.get('EVENTS', 'acme')).fetch({ max_messages: 10, expires: 1000 });
  let redelivered = 0;
  for await (const _m of next) redelivered++;
  expect(redelivered).toBe(0);
  await nc.close();
}, 120_000);

it('the integrator can neither publish events nor use the APP account stream API itself', async () => {
  const nc = await nats.connectAs('integrator');
  const violations = permissionViolations(nc);
  await publishAndSettle(nc, ['events.identity.Forged', '$JS.APP.API.CONSUMER.CREATE.EVENTS', 'deliver.integrators.x', '$JS.API.STREAM.DELETE.EVENTS']);
  expect(violations).toEqual([
    'publish events.identity.Forged',
    'publish $JS.APP.API.CONSUMER.CREATE.EVENTS',
    'publish deliver.integrators.x',
    'publish $JS.API.STREAM.DELETE.EVENTS',
  ]);
  await nc.close();
});
