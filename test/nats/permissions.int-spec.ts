/**
 * One NATS user per app, each allowed only what it owns (deploy/nats/nats-server.conf, run as a
 * separate nats-server): a service cannot send another service's commands, answer for it,
 * listen to its traffic or to another app's replies, nor publish another context's events.
 */
import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { APP_USERS, permissionViolations, publishAndSettle, startDeployNats, type DeployNats, type NatsUser } from './deploy-nats';

let nats: DeployNats;
const open: NatsConnection[] = [];
async function as(user: NatsUser) {
  const nc = await nats.connectAs(user);
  open.push(nc);
  return { nc, violations: permissionViolations(nc) };
}

beforeAll(async () => {
  nats = await startDeployNats();
}, 30_000);
afterAll(async () => {
  await Promise.all(open.map((nc) => nc.close().catch(() => undefined)));
  await nats?.stop();
});

it('the directory user cannot publish to identity.cmd.>; the gateway user can, and identity answers it', async () => {
  const identity = await as('identity');
  const sub = identity.nc.subscribe('identity.cmd.signIn', { queue: 'identity' });
  const received: string[] = [];
  void (async () => {
    for await (const m of sub) {
      received.push(m.string());
      m.respond(`answer to ${m.string()}`);
    }
  })();
  await identity.nc.flush();

  const directory = await as('directory');
  await publishAndSettle(directory.nc, ['identity.cmd.signIn', 'identity.qry.signedInUser']);
  expect(directory.violations).toEqual(['publish identity.cmd.signIn', 'publish identity.qry.signedInUser']);
  // The server logs each violation with the user (what start-accounts.int-spec.ts checks is absent).
  expect(nats.output()).toMatch(/Violation.*"directory".*identity\.cmd\.signIn|Violation.*identity\.cmd\.signIn.*directory/i);

  const gateway = await as('gateway');
  const reply = await gateway.nc.request('identity.cmd.signIn', 'from-gateway', { timeout: 2000 });
  expect(reply.string()).toBe('answer to from-gateway');
  expect(received).toEqual(['from-gateway']);
  expect(gateway.violations).toEqual([]);
  expect(identity.violations).toEqual([]);
});

it('a service subscribes to its own commands only, and only in its queue group', async () => {
  const directory = await as('directory');
  directory.nc.subscribe('identity.cmd.>', { queue: 'identity' });
  directory.nc.subscribe('directory.cmd.>'); // no queue group: would see every instance's traffic
  directory.nc.subscribe('directory.cmd.x', { queue: 'directory' }); // allowed
  await directory.nc.flush();
  await new Promise((r) => setTimeout(r, 200));
  expect(directory.violations.sort()).toEqual(['subscription directory.cmd.>', 'subscription identity.cmd.>']);
});

it("no app reads another's replies, realtime pushes or events it does not own", async () => {
  const identity = await as('identity');
  identity.nc.subscribe('_INBOX.gateway.>');
  identity.nc.subscribe('_INBOX.>');
  identity.nc.subscribe('realtime.user.*');
  await identity.nc.flush();
  await publishAndSettle(identity.nc, ['events.directory.ProfileUpdated', '_INBOX.gateway.abc.1', 'directory.qry.health']);
  expect(identity.violations.sort()).toEqual(
    [
      'publish _INBOX.gateway.abc.1',
      'publish directory.qry.health',
      'publish events.directory.ProfileUpdated',
      'subscription _INBOX.>',
      'subscription _INBOX.gateway.>',
      'subscription realtime.user.*',
    ].sort(),
  );

  // directory pushes nothing to browsers; its own events are fine.
  const directory = await as('directory');
  const push = `realtime.user.${randomUUID()}`;
  await publishAndSettle(directory.nc, [push, 'events.directory.ProfileUpdated']);
  expect(directory.violations).toEqual([`publish ${push}`]);

  const gateway = await as('gateway');
  await publishAndSettle(gateway.nc, ['events.identity.AccountRegistered', '$JS.API.STREAM.DELETE.EVENTS']);
  expect(gateway.violations).toEqual(['publish events.identity.AccountRegistered', 'publish $JS.API.STREAM.DELETE.EVENTS']);
});

it('every app can do what it owns: its JetStream API, its events, its pushes', async () => {
  const identity = await as('identity');
  const jsm = await jetstreamManager(identity.nc);
  await jsm.streams.add({ name: 'EVENTS', subjects: ['events.>'] });
  for (const user of APP_USERS.filter((u) => u !== 'gateway')) {
    const app = await as(user);
    const info = await (await jetstreamManager(app.nc)).streams.info('EVENTS');
    expect(info.config.name).toBe('EVENTS');
    const ack = await jetstream(app.nc).publish(`events.${user}.Checked`, '{}', { msgID: randomUUID() });
    expect(ack.stream).toBe('EVENTS');
    expect(app.violations).toEqual([]);
  }
  const gateway = await as('gateway');
  const pushes = gateway.nc.subscribe('realtime.user.*', { max: 1 });
  await gateway.nc.flush();
  const notifications = await as('notifications');
  notifications.nc.publish('realtime.user.u-1', '{"event":"x"}');
  for await (const m of pushes) expect(m.subject).toBe('realtime.user.u-1');
  expect([...gateway.violations, ...notifications.violations]).toEqual([]);
});
