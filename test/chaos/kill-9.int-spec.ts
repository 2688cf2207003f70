/**
 * kill -9 of each app while commands are in flight, as an operator's bad day would have it.
 *
 * The whole system runs as separate processes (the built apps). Sign-in commands are fired
 * concurrently the whole time; one app after the other is SIGKILLed mid-load and started again.
 * What must hold afterwards:
 *  - no answer is a 500: only 2xx, 4xx, or 503 while the service that owns the call is down;
 *  - every command answered 2xx is in the event store (found by its request id);
 *  - every projection and the relay reach the head of each store again;
 *  - JetStream holds each published event exactly once (by id), and only events of the stores;
 *  - the notifications consumer has nothing pending.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Subjects } from '@app/contracts';
import { eventually } from '@app/testing';
import { APPS, startProcessSystem, type AppName, type ProcessSystem } from '../support/processes';

jest.setTimeout(300_000);

type Answer = { requestId: string; status: number | 'network-error'; app: AppName | null };

const SCHEMAS = ['identity', 'directory', 'practices', 'messaging', 'notifications', 'credentialing'] as const;

describe('kill -9 of each app with commands in flight', () => {
  let system: ProcessSystem;
  let pg: Client;
  let nc: NatsConnection;
  const answers: Answer[] = [];
  let killed: AppName | null = null;
  /** How many times the gateway has been killed so far: a request it cut off may have begun before. */
  let gatewayKills = 0;

  beforeAll(async () => {
    system = await startProcessSystem('chaos', { RPC_TIMEOUT_MS: '3000' });
    pg = new Client({ connectionString: system.db.url });
    await pg.connect();
    nc = await connect({ servers: system.env.NATS_URL });
  });

  afterAll(async () => {
    await pg?.end();
    if (nc) {
      const jsm = await jetstreamManager(nc);
      await jsm.streams.delete(new Subjects(system.prefix).eventStream).catch(() => undefined);
      await nc.close();
    }
    await system?.stop();
  });

  /** Fires sign-ins from `workers` concurrent clients until `done()` says stop. */
  async function load(workers: number, done: () => boolean): Promise<void> {
    const one = async () => {
      while (!done()) {
        const requestId = randomUUID();
        const during = killed;
        const gatewayKillsBefore = gatewayKills;
        try {
          const res = await fetch(`${system.baseUrl}/api/v1/users/signIn`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-request-id': requestId },
            body: JSON.stringify({ usernameOrEmail: system.env.ADMIN_EMAIL, password: system.env.ADMIN_PASSWORD }),
            // Far above the gateway's own RPC timeout (10 s): only a dropped connection ends up
            // here, not an answer slowed by a loaded machine.
            signal: AbortSignal.timeout(60_000),
          });
          await res.arrayBuffer();
          answers.push({ requestId, status: res.status, app: during ?? killed });
        } catch {
          // A connection cut by the gateway's own death counts as the gateway's, whichever app was
          // down when the request began (a slow sign-in can outlast the next app's restart).
          const cutByGateway = gatewayKills !== gatewayKillsBefore || killed === 'gateway';
          answers.push({ requestId, status: 'network-error', app: cutByGateway ? 'gateway' : (during ?? killed) });
          await new Promise((r) => setTimeout(r, 50));
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await Promise.all(Array.from({ length: workers }, one));
  }

  it('loses no committed command, answers no 500, and every read model, the relay and the consumer catch up', async () => {
    let stop = false;
    const running = load(6, () => stop);
    for (const app of APPS) {
      await new Promise((r) => setTimeout(r, 700));
      killed = app;
      if (app === 'gateway') gatewayKills += 1;
      await system.kill(app);
      await new Promise((r) => setTimeout(r, 300));
      system.start(app);
      await system.waitHealthy();
      killed = null;
    }
    await new Promise((r) => setTimeout(r, 700));
    stop = true;
    await running;

    // No 500s: 2xx, 4xx, or 503 while the owning service was down or restarting.
    const bad = answers.filter((a) => a.status !== 'network-error' && a.status >= 500 && a.status !== 503);
    if (bad.length) console.error(['identity', 'gateway'].flatMap((app) => system.output.get(app as AppName)?.filter((l) => /"level":50|Error/.test(l)).slice(-5) ?? []).join('\n'));
    expect(bad).toEqual([]);
    // The gateway itself being killed is the only reason for a connection error.
    expect(answers.filter((a) => a.status === 'network-error' && a.app !== 'gateway')).toEqual([]);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThan(20);

    // Every command answered 200 was committed: its request id is in the event metadata.
    const { rows } = await pg.query<{ id: string }>(
      `SELECT DISTINCT metadata->>'correlationId' AS id FROM identity.events WHERE metadata->>'correlationId' = ANY($1::text[])`,
      [ok.map((a) => a.requestId)],
    );
    const committed = new Set(rows.map((r) => r.id));
    expect(ok.filter((a) => !committed.has(a.requestId))).toEqual([]);

    // Every projection and the relay of every service reach the head of its store.
    await eventually(
      async () => {
        for (const schema of SCHEMAS) {
          const { rows: behind } = await pg.query(
            `SELECT c.name FROM ${schema}.checkpoints c,
                    (SELECT transaction_id, global_position FROM ${schema}.events ORDER BY transaction_id DESC, global_position DESC LIMIT 1) h
              WHERE (c.transaction_id, c.global_position) < (h.transaction_id, h.global_position)`,
          );
          expect({ schema, behind: behind.map((r) => r.name) }).toEqual({ schema, behind: [] });
        }
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );

    // JetStream: each event once, and nothing that is not a stored event.
    const storedIds = new Set<string>();
    for (const schema of SCHEMAS) {
      const { rows: ids } = await pg.query<{ id: string }>(`SELECT event_id::text AS id FROM ${schema}.events`);
      for (const r of ids) storedIds.add(r.id);
    }
    const stream = new Subjects(system.prefix).eventStream;
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(stream);
    const consumer = await jetstream(nc).consumers.get(stream);
    const seen = new Map<string, number>();
    for (let read = 0; read < info.state.messages; ) {
      const batch = await consumer.fetch({ max_messages: 500, expires: 2000 });
      for await (const m of batch) {
        read++;
        const id = m.headers?.get('Nats-Msg-Id') ?? '';
        seen.set(id, (seen.get(id) ?? 0) + 1);
      }
    }
    expect([...seen.entries()].filter(([, n]) => n > 1)).toEqual([]);
    expect([...seen.keys()].filter((id) => !storedIds.has(id))).toEqual([]);
    expect(seen.size).toBeGreaterThan(0);

    // The notifications service's durable consumer has handled everything.
    const durable = new Subjects(system.prefix).durable('notifications');
    await eventually(
      async () => {
        const c = await jsm.consumers.info(stream, durable);
        expect({ pending: c.num_pending, unacked: c.num_ack_pending }).toEqual({ pending: 0, unacked: 0 });
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
  });
});
