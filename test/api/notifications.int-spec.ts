/**
 * Notifications end to end: identity integration events on JetStream -> the notifications
 * service (durable consumer, event-sourced notifications, read models) -> the gateway's calls
 * and socket.io pushes. Identity events are published here the way identity's relay publishes
 * them (CloudEvents 1.0 JSON, Nats-Msg-Id = event id), so these tests do not depend on sign-in.
 */
import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Client } from 'pg';
import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import { jetstream, jetstreamManager, type JetStreamClient, type PubAck } from '@nats-io/jetstream';
import { headers } from '@nats-io/transport-node';
import { notifications, type RealtimeEventName } from '@app/contracts';
import { eventually } from '@app/testing';
import { OFF_CONTRACT, startTestSystem, type TestSystem } from '../support/system';

let sys: TestSystem;
let pg: Client;
let js: JetStreamClient;
let sign: (claims: { sub: string; sid: string; userName: string; roles: string[] }) => string;
const extraGateways: NestExpressApplication[] = [];

const chrome = { browser: 'Chrome 139', os: 'Linux', ip: '203.0.113.5' };
const now = () => new Date().toISOString();

beforeAll(async () => {
  sys = await startTestSystem({ label: 'notif', contexts: ['identity', 'notifications'] });
  pg = new Client({ connectionString: sys.db.url });
  await pg.connect();
  js = jetstream(sys.nc);
  const { TokenService } = await import('../../apps/gateway/src/auth/token.service');
  const tokens = sys.gateway.get(TokenService);
  sign = (claims) => tokens.sign(claims);
  // The stream exists once identity's relay (or ours) has started; wait for it like the service does.
  const jsm = await jetstreamManager(sys.nc);
  await eventually(() => jsm.streams.info(`${sys.prefix.replace(/-/g, '_').toUpperCase()}_EVENTS`), { timeoutMs: 20_000 });
});

afterAll(async () => {
  for (const g of extraGateways) await g.close().catch(() => undefined);
  await pg?.end();
  await sys?.stop();
});

/** Publishes an identity integration event as identity's relay does; returns the CloudEvent id. */
async function publishIdentity(name: string, data: Record<string, unknown>, opts: { id?: string; msgId?: string } = {}): Promise<{ id: string; ack: PubAck }> {
  const id = opts.id ?? randomUUID();
  const ce = {
    specversion: '1.0',
    id,
    source: '/identity',
    type: `identity.${name}.v1`,
    subject: `account-${String(data.accountId)}`,
    time: now(),
    datacontenttype: 'application/json',
    // Played by the test, some malformed on purpose: the system's contract check leaves these out.
    correlationid: `${OFF_CONTRACT}${randomUUID()}`,
    data,
  };
  const h = headers();
  h.set('Content-Type', 'application/cloudevents+json; charset=utf-8');
  const ack = await js.publish(`${sys.prefix}.events.identity.${name}`, new TextEncoder().encode(JSON.stringify(ce)), { msgID: opts.msgId ?? id, headers: h });
  return { id, ack };
}

const signIn = (accountId: string, requestMetaData: Record<string, string>, extra: Record<string, unknown> = {}) =>
  publishIdentity('SignInSucceeded', { accountId, sessionId: randomUUID(), signedInAt: now(), expiresAt: now(), requestMetaData, ...extra });

/** Resolves once the service has committed its handling of the event (whatever it decided). */
async function processed(eventId: string) {
  await eventually(async () => {
    const { rowCount } = await pg.query('SELECT 1 FROM notifications.processed_events WHERE event_id = $1', [eventId]);
    expect(rowCount).toBe(1);
  });
}

/** Notifications raised for an account, from its event stream (committed with `processed`). */
async function raisedFor(accountId: string): Promise<Array<Record<string, any>>> {
  const { rows } = await pg.query(
    `SELECT data FROM notifications.events WHERE stream_id = $1 AND type = 'NotificationRaised' ORDER BY stream_version`,
    [`notifications-${accountId}`],
  );
  return rows.map((r) => r.data);
}

async function storedFor(accountId: string): Promise<Array<Record<string, any>>> {
  const { rows } = await pg.query('SELECT * FROM notifications.notifications WHERE account_id = $1 ORDER BY created_at, raised_position', [accountId]);
  return rows;
}

/** A signed-in user: a synthetic account with a live session row (all the gateway checks) and its token. */
async function signedInUser(userName: string, accountId: string = randomUUID()) {
  const sid = randomUUID();
  await pg.query(`INSERT INTO identity.sessions (id, account_id, created_at, expires_at) VALUES ($1, $2, now(), now() + interval '1 hour')`, [sid, accountId]);
  return { accountId, userName, token: sign({ sub: accountId, sid, userName, roles: [] }) };
}

async function startGateway(): Promise<{ app: NestExpressApplication; baseUrl: string }> {
  const { loadGatewayConfig } = await import('../../apps/gateway/src/config');
  const { createGatewayApp } = await import('../../apps/gateway/src/create-app');
  const app = await createGatewayApp(loadGatewayConfig());
  await app.listen(0, '127.0.0.1');
  extraGateways.push(app);
  return { app, baseUrl: `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}` };
}

type Received = Array<{ event: RealtimeEventName; data: any }>;
function connectSocket(baseUrl: string, token: string): Promise<{ socket: Socket; received: Received }> {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, timeout: 5000 });
    const received: Received = [];
    socket.onAny((event: RealtimeEventName, data: unknown) => received.push({ event, data }));
    socket.once('connect', () => resolve({ socket, received }));
    socket.once('connect_error', (e) => {
      socket.close();
      reject(e);
    });
  });
}

const getNotifications = (baseUrl: string, token: string, body: Record<string, unknown> = {}, path = '/api/users/getNotifications') =>
  request(baseUrl).post(path).set('Authorization', `Bearer ${token}`).send(body);

describe('reacting to identity events', () => {
  it('welcomes the master admin that identity registered, through the real relay', async () => {
    const { MasterAdminBootstrap } = await import('../../apps/gateway/src/bootstrap/master-admin.bootstrap');
    const admin = await sys.gateway.get(MasterAdminBootstrap).done;
    const stored = await eventually(async () => {
      const rows = await storedFor(admin.userId);
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(stored[0]).toMatchObject({ kind: 'welcome', category: 'General', alert_level: 'Success', status: 'Unread', heading: 'Welcome, Master Admin!' });
    const { token } = await signedInUser(admin.userName, admin.userId);
    const res = await getNotifications(sys.baseUrl, token).expect(200);
    expect(res.body).toEqual({ success: true, notifications: [expect.objectContaining({ _id: stored[0].id, heading: 'Welcome, Master Admin!' })] });
  });

  it('makes one notification of the same event delivered twice', async () => {
    const accountId = randomUUID();
    const data = { accountId, via: 'verification-code', changedAt: now(), requestMetaData: chrome };
    const first = await publishIdentity('PasswordChanged', data);
    // Another message id gets it past JetStream's de-duplication: a real second delivery.
    const second = await publishIdentity('PasswordChanged', data, { id: first.id, msgId: randomUUID() });
    expect(second.ack.duplicate).toBe(false);
    expect(second.ack.seq).toBeGreaterThan(first.ack.seq);
    const jsm = await jetstreamManager(sys.nc);
    await eventually(async () => {
      const info = await jsm.consumers.info(first.ack.stream, `${sys.prefix}_notifications`);
      expect(info.ack_floor.stream_seq).toBeGreaterThanOrEqual(second.ack.seq);
    });
    expect(await raisedFor(accountId)).toHaveLength(1);
    await eventually(async () => expect(await storedFor(accountId)).toHaveLength(1));
  });

  it('warns of a first sign-in and of each new browser, OS or IP, but not of a repeated one', async () => {
    const accountId = randomUUID();
    // identity's own newDevice opinion is ignored either way.
    const first = await signIn(accountId, chrome, { newDevice: false });
    await processed(first.id);
    let raised = await raisedFor(accountId);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      kind: 'new-sign-in',
      category: 'Security',
      alertLevel: 'Warning',
      heading: 'New sign-in to your account',
      body: "Chrome 139 on Linux from 203.0.113.5. If this wasn't you, change your password.",
      requestMetaData: chrome,
      sourceEventId: first.id,
    });

    const again = await signIn(accountId, { ...chrome }, { newDevice: true });
    await processed(again.id);
    expect(await raisedFor(accountId)).toHaveLength(1);

    for (const device of [
      { ...chrome, browser: 'Firefox 141' },
      { ...chrome, os: 'Windows 11' },
      { ...chrome, ip: '198.51.100.7' },
    ]) {
      const e = await signIn(accountId, device);
      await processed(e.id);
    }
    raised = await raisedFor(accountId);
    expect(raised.map((r) => r.body)).toEqual([
      "Chrome 139 on Linux from 203.0.113.5. If this wasn't you, change your password.",
      "Firefox 141 on Linux from 203.0.113.5. If this wasn't you, change your password.",
      "Chrome 139 on Windows 11 from 203.0.113.5. If this wasn't you, change your password.",
      "Chrome 139 on Linux from 198.51.100.7. If this wasn't you, change your password.",
    ]);
    const seenAgain = await signIn(accountId, { ...chrome, ip: '198.51.100.7' });
    await processed(seenAgain.id);
    expect(await raisedFor(accountId)).toHaveLength(4);
  });

  it('welcomes a new account and warns of password, email and mobile changes', async () => {
    const accountId = randomUUID();
    const events = [
      await publishIdentity('AccountRegistered', {
        accountId,
        userName: 'annlee',
        email: 'ann@example.test',
        displayName: 'Dr. Ann Lee',
        roles: { isAdmin: false, isProvider: true, isMasterAdmin: false, isAuditor: false },
        registeredAt: now(),
      }),
      await publishIdentity('PasswordChanged', { accountId, via: 'temporary-password', changedAt: now(), requestMetaData: chrome }),
      await publishIdentity('EmailChanged', { accountId, email: 'annlee@example.test', previousEmail: 'ann@example.test', changedAt: now(), requestMetaData: chrome }),
      await publishIdentity('MobileChanged', { accountId, mobile: '+12025550142', previousMobile: null, changedAt: now(), requestMetaData: chrome }),
    ];
    for (const e of events) await processed(e.id);
    const stored = await eventually(async () => {
      const rows = await storedFor(accountId);
      expect(rows).toHaveLength(4);
      return rows;
    });
    expect(stored.map((r) => [r.kind, r.category, r.alert_level, r.heading])).toEqual([
      ['welcome', 'General', 'Success', 'Welcome, Dr. Ann Lee!'],
      ['password-reset', 'Security', 'Warning', 'Your password was reset'],
      ['email-changed', 'Security', 'Warning', 'Your email address was changed'],
      ['mobile-changed', 'Security', 'Warning', 'Your mobile number was changed'],
    ]);
    expect(stored[2].body).toBe("You now sign in with an***@example.test (Chrome 139 on Linux from 203.0.113.5). If this wasn't you, reset your password now.");
    expect(stored[3].body).toContain('ending in 0142');
    expect(stored[3].request_meta_data).toEqual(chrome);
  });

  it('acknowledges events it has no reaction to, and refuses malformed ones without stopping', async () => {
    const accountId = randomUUID();
    await publishIdentity('SignedOut', { accountId, sessionId: randomUUID(), signedOutAt: now(), requestMetaData: chrome });
    await publishIdentity('EmailChanged', { accountId: 'not-an-account', email: 'x@example.test' });
    const ok = await publishIdentity('MobileChanged', { accountId, mobile: '+12025550199', previousMobile: null, changedAt: now(), requestMetaData: chrome });
    await processed(ok.id);
    expect(await raisedFor(accountId)).toHaveLength(1);
  });
});

describe('delivery guarantees', () => {
  it('redelivers, with backoff, an event whose handling failed, until it succeeds', async () => {
    const accountId = randomUUID();
    const jsm = await jetstreamManager(sys.nc);
    const consumer = () => jsm.consumers.info(`${sys.prefix.toUpperCase()}_EVENTS`, `${sys.prefix}_notifications`);
    const redeliveredBefore = (await consumer()).num_redelivered;
    await pg.query('ALTER TABLE notifications.processed_events RENAME TO processed_events_paused');
    let e: { id: string };
    try {
      e = await publishIdentity('PasswordChanged', { accountId, via: 'verification-code', changedAt: now(), requestMetaData: chrome });
      // It failed (no table), was not acknowledged, and came back.
      await eventually(async () => expect((await consumer()).num_redelivered).toBeGreaterThan(redeliveredBefore));
      expect(await raisedFor(accountId)).toHaveLength(0);
    } finally {
      await pg.query('ALTER TABLE notifications.processed_events_paused RENAME TO processed_events');
    }
    await processed(e.id);
    expect(await raisedFor(accountId)).toHaveLength(1);
  });

  it('catches up on events published while the service was down', async () => {
    const accountId = randomUUID();
    await sys.services.get('notifications')!.close();
    const e = await publishIdentity('EmailChanged', { accountId, email: 'later@example.test', previousEmail: 'x@example.test', changedAt: now(), requestMetaData: chrome });
    const { bootstrapDomainService } = await import('@app/nest-kit');
    const { NotificationsModule } = await import('../../apps/notifications/src/notifications.module');
    const { notificationsStorage } = await import('../../apps/notifications/src/storage');
    sys.services.set('notifications', await bootstrapDomainService({ context: 'notifications', module: NotificationsModule, storage: notificationsStorage }));
    await processed(e.id);
    await eventually(async () => expect(await storedFor(accountId)).toEqual([expect.objectContaining({ kind: 'email-changed' })]));
  });
});

describe('the notifications calls', () => {
  it("answers only the caller's own notifications, whatever email is sent", async () => {
    const ann = await signedInUser('ann');
    const bob = await signedInUser('bob');
    for (const e of [await signIn(ann.accountId, chrome), await signIn(bob.accountId, chrome), await signIn(bob.accountId, { ...chrome, ip: '198.51.100.9' })]) {
      await processed(e.id);
    }
    await eventually(async () => expect(await storedFor(bob.accountId)).toHaveLength(2));
    const annIds = (await storedFor(ann.accountId)).map((r) => r.id);
    const bobIds = (await storedFor(bob.accountId)).map((r) => r.id);

    for (const path of ['/api/v1/users/getNotifications', '/api/users/getNotifications']) {
      for (const body of [{}, { email: 'ann@example.test' }, { email: 'admin@example.test', userId: ann.accountId, accountId: ann.accountId }]) {
        const res = await getNotifications(sys.baseUrl, bob.token, body, path).expect(200);
        expect(res.body.success).toBe(true);
        expect(res.body.notifications.map((n: notifications.Notification) => n._id).sort()).toEqual([...bobIds].sort());
      }
      const annRes = await getNotifications(sys.baseUrl, ann.token, { email: 'bob@example.test' }, path).expect(200);
      expect(annRes.body.notifications.map((n: notifications.Notification) => n._id)).toEqual(annIds);
    }
    // Form data too, as the web sends it.
    const form = await request(sys.baseUrl).post('/api/users/getNotifications').set('Authorization', `Bearer ${bob.token}`).field('email', 'ann@example.test');
    expect(form.status).toBe(200);
    expect(form.body.notifications).toHaveLength(2);
    await request(sys.baseUrl).post('/api/users/getNotifications').send({}).expect(401);
  });

  it('filters All, Security and New; marks read; resets the bell; counts', async () => {
    const user = await signedInUser('carol');
    const bearer = { Authorization: `Bearer ${user.token}` };
    const events = [
      await publishIdentity('AccountRegistered', { accountId: user.accountId, userName: 'carol', email: 'carol@example.test', displayName: 'Carol', registeredAt: new Date(Date.now() - 3000).toISOString() }),
      await signIn(user.accountId, chrome),
      await publishIdentity('PasswordChanged', { accountId: user.accountId, via: 'verification-code', changedAt: new Date(Date.now() + 1000).toISOString(), requestMetaData: chrome }),
    ];
    for (const e of events) await processed(e.id);
    await eventually(async () => expect(await storedFor(user.accountId)).toHaveLength(3));

    const all = await getNotifications(sys.baseUrl, user.token, { filter: 0 }).expect(200);
    expect(all.body.notifications.map((n: notifications.Notification) => n.heading)).toEqual([
      'Your password was changed',
      'New sign-in to your account',
      'Welcome, Carol!',
    ]);
    const newest = all.body.notifications[0] as notifications.Notification;
    expect(newest).toEqual({
      _id: expect.any(String),
      status: 'Unread',
      alertLevel: 'Warning',
      category: 'Security',
      icon: 'LockOutlined',
      heading: 'Your password was changed',
      body: "Your password was changed (Chrome 139 on Linux from 203.0.113.5). If this wasn't you, reset your password now.",
      creationDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      requestMetaData: chrome,
    });
    const security = await request(sys.baseUrl).post('/api/users/getNotifications').set(bearer).field('filter', '1').expect(200);
    expect(security.body.notifications.map((n: notifications.Notification) => n.category)).toEqual(['Security', 'Security']);

    expect((await request(sys.baseUrl).get('/api/users/notificationsCount').set(bearer).expect(200)).body).toEqual({ success: true, notificationsCount: 3, unread: 3 });

    const read = await request(sys.baseUrl).post('/api/users/markNotificationRead').set(bearer).send({ notificationId: newest._id }).expect(200);
    expect(read.body).toEqual({ success: true, notificationsCount: 3, unread: 2 });
    // Marking it again changes nothing and still succeeds.
    await request(sys.baseUrl).post('/api/users/markNotificationRead').set(bearer).send({ notificationId: newest._id }).expect(200);
    const fresh = await getNotifications(sys.baseUrl, user.token, { filter: 2 }).expect(200);
    expect(fresh.body.notifications.map((n: notifications.Notification) => n.heading)).toEqual(['New sign-in to your account', 'Welcome, Carol!']);
    const again = await getNotifications(sys.baseUrl, user.token, { filter: '0' }).expect(200);
    expect(again.body.notifications.map((n: notifications.Notification) => n.status)).toEqual(['Read', 'Unread', 'Unread']);

    const reset = await request(sys.baseUrl).post('/api/users/resetNotificationsCount').set(bearer).expect(200);
    expect(reset.body).toEqual({ success: true, notificationsCount: 0 });
    expect((await request(sys.baseUrl).get('/api/users/notificationsCount').set(bearer).expect(200)).body).toEqual({ success: true, notificationsCount: 0, unread: 2 });

    // Only what arrives after the reset counts on the bell.
    const later = await signIn(user.accountId, { ...chrome, os: 'macOS 15' });
    await processed(later.id);
    await eventually(async () =>
      expect((await request(sys.baseUrl).get('/api/users/notificationsCount').set(bearer).expect(200)).body).toEqual({ success: true, notificationsCount: 1, unread: 3 }),
    );

    const allRead = await request(sys.baseUrl).post('/api/users/markAllNotificationsRead').set(bearer).expect(200);
    expect(allRead.body).toEqual({ success: true, notificationsCount: 1, unread: 0 });
    expect((await getNotifications(sys.baseUrl, user.token, { filter: 2 }).expect(200)).body.notifications).toEqual([]);

    // The RPC identity will use for the signed-in user record.
    const { RpcClient } = await import('../../apps/gateway/src/rpc/rpc-client.service');
    const count = await sys.gateway.get(RpcClient).call(notifications.NOTIFICATIONS_RPC.count, { accountId: user.accountId });
    expect(count).toEqual({ notificationsCount: 1, unread: 0 });
  });

  it("refuses another user's notification (404) and bad input (400 naming the field)", async () => {
    const owner = await signedInUser('dave');
    const other = await signedInUser('erin');
    const e = await signIn(owner.accountId, chrome);
    await processed(e.id);
    const [mine] = await eventually(async () => {
      const rows = await storedFor(owner.accountId);
      expect(rows).toHaveLength(1);
      return rows;
    });
    const notFound = await request(sys.baseUrl).post('/api/users/markNotificationRead').set('Authorization', `Bearer ${other.token}`).send({ notificationId: mine.id });
    expect(notFound.status).toBe(404);
    expect(notFound.body).toMatchObject({ success: false, message: 'Notification not found' });
    expect((await storedFor(owner.accountId))[0].status).toBe('Unread');

    const badId = await request(sys.baseUrl).post('/api/users/markNotificationRead').set('Authorization', `Bearer ${owner.token}`).send({ notificationId: 'nope' });
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ success: false, field: 'notificationId' });
    const missing = await request(sys.baseUrl).post('/api/users/markNotificationRead').set('Authorization', `Bearer ${owner.token}`).send({});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, field: 'notificationId' });
    const badFilter = await getNotifications(sys.baseUrl, owner.token, { filter: 7 });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body).toMatchObject({ success: false, field: 'filter', message: expect.stringContaining('filter') });
  });
});

describe('realtime', () => {
  const waitFor = (received: Received, event: RealtimeEventName, pred: (d: any) => boolean = () => true) =>
    eventually(() => {
      const hit = received.find((r) => r.event === event && pred(r.data));
      expect(hit).toBeTruthy();
      return hit!.data;
    });

  it('pushes each user their own notification and alert, through whichever gateway holds their socket', async () => {
    const gw2 = await startGateway();
    const ann = await signedInUser('frank');
    const bob = await signedInUser('grace');
    const a = await connectSocket(sys.baseUrl, ann.token);
    const b = await connectSocket(gw2.baseUrl, bob.token);
    try {
      const forAnn = await signIn(ann.accountId, chrome);
      const pushed = await waitFor(a.received, 'user-notification-event', (d) => d.notification.heading === 'New sign-in to your account');
      expect(pushed).toEqual({
        notification: expect.objectContaining({ status: 'Unread', category: 'Security', alertLevel: 'Warning', requestMetaData: chrome }),
        notificationsCount: 1,
      });
      const alert = await waitFor(a.received, 'user-alert-event');
      expect(alert).toEqual({
        id: pushed.notification._id,
        showAlert: true,
        autoDismiss: true,
        autoDismissTime: 8000,
        headerText: 'New sign-in to your account',
        headerIcon: 'LoginOutlined',
        bodyText: "Chrome 139 on Linux from 203.0.113.5. If this wasn't you, change your password.",
      });
      // Stored before pushed: the id is already in the read model.
      expect((await storedFor(ann.accountId)).map((r) => r.id)).toContain(pushed.notification._id);
      await processed(forAnn.id);

      const forBob = await publishIdentity('AccountRegistered', { accountId: bob.accountId, userName: 'grace', email: 'g@example.test', displayName: 'Grace', registeredAt: now() });
      const welcome = await waitFor(b.received, 'user-notification-event');
      expect(welcome).toMatchObject({ notification: { heading: 'Welcome, Grace!', category: 'General', alertLevel: 'Success' }, notificationsCount: 1 });
      await processed(forBob.id);
      await new Promise((r) => setTimeout(r, 300));
      // A welcome is no security matter: no alert toast. And nobody got the other's pushes.
      expect(b.received.map((r) => r.event)).toEqual(['user-notification-event']);
      expect(a.received.map((r) => r.event).sort()).toEqual(['user-alert-event', 'user-notification-event']);
    } finally {
      a.socket.close();
      b.socket.close();
    }
  });

  it('keeps what was raised while the gateway was down, for the browser to fetch when it reconnects', async () => {
    const user = await signedInUser('heidi');
    const first = await startGateway();
    const before = await connectSocket(first.baseUrl, user.token);
    before.socket.close();
    await first.app.close();

    const e = await publishIdentity('MobileChanged', { accountId: user.accountId, mobile: '+12025550177', previousMobile: null, changedAt: now(), requestMetaData: chrome });
    await processed(e.id);
    await eventually(async () => expect(await storedFor(user.accountId)).toHaveLength(1));

    const second = await startGateway();
    const after = await connectSocket(second.baseUrl, user.token);
    try {
      const res = await getNotifications(second.baseUrl, user.token).expect(200);
      expect(res.body.notifications).toEqual([expect.objectContaining({ heading: 'Your mobile number was changed', status: 'Unread' })]);
      const count = await request(second.baseUrl).get('/api/users/notificationsCount').set('Authorization', `Bearer ${user.token}`).expect(200);
      expect(count.body).toEqual({ success: true, notificationsCount: 1, unread: 1 });
    } finally {
      after.socket.close();
    }
  });
});

describe('without the event stream', () => {
  // Last: it deletes the stream every other test publishes to.
  it('waits until the stream exists again, then consumes from it', async () => {
    const jsm = await jetstreamManager(sys.nc);
    const stream = `${sys.prefix.toUpperCase()}_EVENTS`;
    const config = (await jsm.streams.info(stream)).config;
    await jsm.streams.delete(stream);
    await new Promise((r) => setTimeout(r, 500));
    await jsm.streams.add({ name: stream, subjects: config.subjects, storage: config.storage, duplicate_window: config.duplicate_window });
    const accountId = randomUUID();
    const e = await publishIdentity('MobileChanged', { accountId, mobile: '+12025550123', previousMobile: null, changedAt: now(), requestMetaData: chrome });
    await eventually(() => processed(e.id), { timeoutMs: 60_000 });
    expect(await raisedFor(accountId)).toHaveLength(1);
  }, 90_000);
});
