import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import { identity } from '@app/contracts';
import { eventually } from '@app/testing';
import { startTestSystem, type TestSystem } from '../support/system';
import { detailedHealth, registerAccount, signIn } from '../support/identity';

/** Routes anyone may call. Adding a public route means adding it here, on purpose. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/v1/users/exists/username/:value',
  'GET /api/v1/users/exists/email/:value',
  'GET /api/v1/users/exists/mobile/:value',
  // Sign-in and password reset (identity): anonymous by nature, throttled per account and IP.
  'POST /api/v1/users/signIn',
  'POST /api/v1/users/verify2FaForLogin',
  'POST /api/v1/users/resend2FaCode',
  'POST /api/v1/users/sendTempPassword',
  'POST /api/v1/users/resetPassword',
  // An invitation's one-time link: the token is the capability; throttled per IP.
  'POST /api/v1/users/acceptInvitation',
  // 'Request an account': a signed-out visitor, limited per client IP.
  'POST /api/v1/users/requestAccount',
  'POST /api/users/requestAccount',
  // Development outbox: not registered when NODE_ENV=production.
  'GET /api/dev/outbox',
  // Avatars and banners: an <img> sends no token; the 128-bit random name is the capability
  // (chat attachments have their own participant-checked route).
  'GET /api/files/:name',
  // The integrators' event catalogue: event names and payload schemas, no data.
  'GET /api/asyncapi.json',
]);

let sys: TestSystem;

beforeAll(async () => {
  sys = await startTestSystem({ label: 'foundation' });
});
afterAll(async () => {
  await sys?.stop();
});

async function bootstrapDone() {
  const { MasterAdminBootstrap } = await import('../../apps/gateway/src/bootstrap/master-admin.bootstrap');
  return sys.gateway.get(MasterAdminBootstrap).done;
}

describe('the vertical path: master admin bootstrap', () => {
  it('goes gateway -> NATS command -> event -> projection -> gateway query, and out to JetStream without secrets', async () => {
    const reply = await bootstrapDone();
    expect(reply.userName).toBe('masteradmin');

    // The read model answers the gateway's query over NATS (case-insensitive).
    const taken = await request(sys.baseUrl).get('/api/v1/users/exists/username/MasterAdmin').expect(200);
    expect(taken.body).toEqual({ isDuplicate: true });
    const email = await request(sys.baseUrl).get('/api/v1/users/exists/email/ADMIN@example.test').expect(200);
    expect(email.body).toEqual({ isDuplicate: true });
    const free = await request(sys.baseUrl).get('/api/v1/users/exists/username/nobody').expect(200);
    expect(free.body).toEqual({ isDuplicate: false });

    // An integrator's JetStream consumer receives the CloudEvent, deduplicated by event id.
    const js = jetstream(sys.nc);
    const jsm = await jetstreamManager(sys.nc);
    const stream = `${sys.prefix.toUpperCase()}_EVENTS`;
    await eventually(async () => expect((await jsm.streams.info(stream)).state.messages).toBeGreaterThanOrEqual(1));
    await jsm.consumers.add(stream, {
      durable_name: 'integrator',
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${sys.prefix}.events.identity.>`,
    });
    const consumer = await js.consumers.get(stream, 'integrator');
    const msg = (await consumer.next({ expires: 5000 })) as JsMsg;
    expect(msg).toBeTruthy();
    msg.ack();
    expect(msg.subject).toBe(`${sys.prefix}.events.identity.AccountRegistered`);
    const ce = msg.json<Record<string, any>>();
    expect(ce.specversion).toBe('1.0');
    expect(ce.source).toBe('/identity');
    expect(ce.type).toMatch(/AccountRegistered/);
    expect(msg.headers?.get('Nats-Msg-Id')).toBe(ce.id);
    expect(ce.data).toMatchObject({ userName: 'masteradmin', email: 'admin@example.test', roles: { isMasterAdmin: true } });
    expect(ce.correlationid).toEqual(expect.any(String));
    expect(JSON.stringify(ce)).not.toMatch(/password|hash|Correct-Horse/i);

    // The event store holds the event with its correlation id; the secret is only in credentials, hashed.
    const pg = new Client({ connectionString: sys.db.url });
    await pg.connect();
    try {
      const { rows } = await pg.query(`SELECT type, data, metadata FROM identity.events WHERE type = 'AccountRegistered'`);
      expect(rows).toHaveLength(1);
      expect(rows[0].metadata.correlationId).toEqual(ce.correlationid);
      const cred = await pg.query('SELECT password_hash FROM identity.credentials');
      expect(cred.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    } finally {
      await pg.end();
    }
  });

  it('creates the master admin only once, however often it is asked', async () => {
    await bootstrapDone();
    const { RpcClient } = await import('../../apps/gateway/src/rpc/rpc-client.service');
    const rpc = sys.gateway.get(RpcClient);
    const again = await Promise.all(
      [1, 2, 3].map(() => rpc.call(identity.IDENTITY_RPC.ensureMasterAdmin, { email: 'other@example.test', userName: 'other' })),
    );
    expect(again.map((r) => r.created)).toEqual([false, false, false]);
    const pg = new Client({ connectionString: sys.db.url });
    await pg.connect();
    try {
      const { rows } = await pg.query(`SELECT count(*)::int AS n FROM identity.events WHERE type = 'AccountRegistered'`);
      expect(rows[0].n).toBe(1);
    } finally {
      await pg.end();
    }
  });
});

describe('gateway', () => {
  it('reports health of Postgres, NATS, JetStream and every service', async () => {
    const res = await detailedHealth(sys);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('up');
    expect(res.body.checks.postgres.status).toBe('up');
    expect(res.body.checks.nats.status).toBe('up');
    expect(res.body.checks.jetstream.status).toBe('up');
    expect(res.body.checks.masterAdmin.status).toBe('up');
    for (const c of ['identity', 'directory', 'practices', 'messaging', 'notifications', 'credentialing']) {
      expect(res.body.checks.services[c].status).toBe('up');
    }
  });

  it('live answers without I/O, ready summarises the dependencies, the details are for signed-in administrators only', async () => {
    expect((await request(sys.baseUrl).get('/api/health/live').expect(200)).body).toEqual({ status: 'up' });
    expect((await request(sys.baseUrl).get('/api/health/ready').expect(200)).body).toEqual({ status: 'up' });
    await request(sys.baseUrl).get('/api/health').expect(401);
    const user = await registerAccount(sys as never);
    const { token } = await signIn(sys as never, user);
    await request(sys.baseUrl).get('/api/health').set('Authorization', `Bearer ${token}`).expect(403);
    // A probe storm is answered from one evaluation per second: the services see few health queries.
    const asked: string[] = [];
    const sub = sys.nc.subscribe(`${sys.prefix}.identity.qry.health`, { callback: (_e, m) => void asked.push(m.subject) });
    const started = Date.now();
    await Promise.all(Array.from({ length: 200 }, () => request(sys.baseUrl).get('/api/health/ready').expect(200)));
    const seconds = Math.ceil((Date.now() - started) / 1000) + 1;
    sub.unsubscribe();
    expect(asked.length).toBeLessThanOrEqual(seconds + 1);
  });

  it('answers unknown API routes with a 404 JSON body', async () => {
    const res = await request(sys.baseUrl).get('/api/v1/no/such/route').expect(404);
    expect(res.body).toEqual({ success: false, message: 'Not found' });
    await request(sys.baseUrl).post('/api/nothing').send({}).expect(404);
  });

  it('guards every route that is not explicitly public', async () => {
    const router = (sys.gateway.getHttpAdapter().getInstance() as { router: { stack: any[] } }).router;
    const routes: string[] = [];
    for (const layer of router.stack) {
      if (!layer.route || layer.route.path === '{/*splat}') continue; // Nest's not-found handler
      for (const method of Object.keys(layer.route.methods)) routes.push(`${method.toUpperCase()} ${layer.route.path}`);
    }
    expect(routes.length).toBeGreaterThanOrEqual(PUBLIC_ROUTES.size);
    // Every route the gateway serves is an API route (the web app is static files, not routes),
    // or the public read-only FHIR directory (CMS requires provider directories to be public).
    expect(routes.filter((r) => !r.includes(' /api') && !r.includes(' /fhir'))).toEqual([]);
    for (const route of routes) {
      if (route.startsWith('GET /api/docs') || PUBLIC_ROUTES.has(route) || !route.includes(' /api')) continue;
      const [method, path] = route.split(' ');
      const url = path.replace(/:(\w+)/g, 'x');
      const res = await (request(sys.baseUrl) as any)[method.toLowerCase()](url);
      expect({ route, status: res.status }).toEqual({ route, status: 401 });
    }
    // A forged token is refused as well.
    const guarded = routes.find((r) => !PUBLIC_ROUTES.has(r) && !r.startsWith('GET /api/docs') && r.includes(' /api'));
    if (guarded) {
      const [method, path] = guarded.split(' ');
      const res = await (request(sys.baseUrl) as any)[method.toLowerCase()](path.replace(/:(\w+)/g, 'x')).set('Authorization', 'Bearer not.a.token');
      expect(res.status).toBe(401);
    }
  });

  it('sets security headers and a request id', async () => {
    const res = await request(sys.baseUrl).get('/api/health/live').set('X-Request-Id', 'trace-123');
    expect(res.headers['x-request-id']).toBe('trace-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses an oversized or malformed body with a JSON error', async () => {
    const big = { s: 'x'.repeat(2 * 1024 * 1024) };
    const res = await request(sys.baseUrl).post('/api/v1/users/exists').send(big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: 'Request body too large' });
    const bad = await request(sys.baseUrl).post('/api/v1/anything').set('Content-Type', 'application/json').send('{"a":');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
  });

  it('serves OpenAPI at /api/docs', async () => {
    const res = await request(sys.baseUrl).get('/api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/api/health');
  });

  it('serves the AsyncAPI catalogue of the integration events, valid for the official parser', async () => {
    const res = await request(sys.baseUrl).get('/api/asyncapi.json').expect(200).expect('Content-Type', /application\/json/);
    const { Parser } = await import('@asyncapi/parser');
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(res.body));
    expect(diagnostics.filter((d) => d.severity === 0)).toEqual([]);
    expect(document!.channels().all().map((c) => c.address())).toEqual(expect.arrayContaining(['events.identity.AccountRegistered', 'events.messaging.MessagePosted']));
  });
});

describe('realtime socket', () => {
  function connectWith(auth: Record<string, unknown>): Promise<Socket | Error> {
    return new Promise((resolve) => {
      const socket = io(sys.baseUrl, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, timeout: 5000 });
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (e) => {
        socket.close();
        resolve(e);
      });
    });
  }

  it('accepts only a valid token of a live session', async () => {
    const { TokenService } = await import('../../apps/gateway/src/auth/token.service');
    const tokens = sys.gateway.get(TokenService);
    const admin = await bootstrapDone();

    expect(await connectWith({})).toBeInstanceOf(Error);
    expect(await connectWith({ token: 'garbage' })).toBeInstanceOf(Error);
    const unknownSession = tokens.sign({ sub: admin.userId, sid: randomUUID(), userName: admin.userName, roles: [] });
    expect(await connectWith({ token: unknownSession })).toBeInstanceOf(Error);

    // A live session (as sign-in records it) is let in, and receives pushes for its user.
    const sid = randomUUID();
    const pg = new Client({ connectionString: sys.db.url });
    await pg.connect();
    await pg.query(`INSERT INTO identity.sessions (id, account_id, created_at, expires_at) VALUES ($1, $2, now(), now() + interval '1 hour')`, [sid, admin.userId]);
    await pg.end();
    const token = tokens.sign({ sub: admin.userId, sid, userName: admin.userName, roles: [] });
    const socket = await connectWith({ token });
    expect(socket).not.toBeInstanceOf(Error);
    const s = socket as Socket;
    const got = new Promise((r) => s.once('user-alert-event', r));
    sys.nc.publish(
      `${sys.prefix}.realtime.user.${admin.userId}`,
      JSON.stringify({ event: 'user-alert-event', data: { id: 'a1', showAlert: true, autoDismiss: true, autoDismissTime: 3000, headerText: 'Hi', headerIcon: 'info', bodyText: 'Hello' } }),
    );
    await expect(got).resolves.toMatchObject({ headerText: 'Hi' });
    s.close();
  });

  it('disconnects a socket when its token expires', async () => {
    const { TokenService } = await import('../../apps/gateway/src/auth/token.service');
    const tokens = sys.gateway.get(TokenService);
    const admin = await bootstrapDone();
    const sid = randomUUID();
    const pg = new Client({ connectionString: sys.db.url });
    await pg.connect();
    await pg.query(`INSERT INTO identity.sessions (id, account_id, created_at, expires_at) VALUES ($1, $2, now(), now() + interval '1 hour')`, [sid, admin.userId]);
    await pg.end();
    const socket = (await connectWith({ token: tokens.sign({ sub: admin.userId, sid, userName: admin.userName, roles: [] }, '2s') })) as Socket;
    expect(socket).not.toBeInstanceOf(Error);
    const revoked = new Promise((r) => socket.once('session-revoked-event', r));
    const disconnected = new Promise((r) => socket.once('disconnect', r));
    await expect(revoked).resolves.toMatchObject({ reason: 'expired', sessionId: sid });
    await expect(disconnected).resolves.toBe('io server disconnect');
    socket.close();
  });
});

describe('health when a service is down', () => {
  it('answers 503 and names the service that does not answer', async () => {
    await sys.services.get('messaging')!.close();
    sys.services.delete('messaging');
    const res = await detailedHealth(sys);
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('down');
    // Readiness says so too, without the details.
    await eventually(async () => {
      const ready = await request(sys.baseUrl).get('/api/health/ready');
      expect([ready.status, ready.body]).toEqual([503, { status: 'down' }]);
    });
    expect(res.body.checks.services.messaging.status).toBe('down');
    expect(res.body.checks.services.identity.status).toBe('up');
    expect(res.body.checks.postgres.status).toBe('up');
  });
});

describe('bearer tokens on REST', () => {
  /** A token of a live session of the master admin, signed by the gateway to expire in `expiresIn`. */
  async function liveToken(expiresIn?: string) {
    const { TokenService } = await import('../../apps/gateway/src/auth/token.service');
    const admin = await bootstrapDone();
    const sid = randomUUID();
    const pg = new Client({ connectionString: sys.db.url });
    await pg.connect();
    try {
      await pg.query(`INSERT INTO identity.sessions (id, account_id, created_at, expires_at) VALUES ($1, $2, now(), now() + interval '1 hour')`, [sid, admin.userId]);
    } finally {
      await pg.end();
    }
    return { sid, token: sys.gateway.get(TokenService).sign({ sub: admin.userId, sid, userName: admin.userName, roles: [] }, expiresIn) };
  }
  const signedIn = (token: string) => request(sys.baseUrl).post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${token}`);

  it('verifies a token once, and still refuses it altered, expired or with its session revoked', async () => {
    const { VerifiedTokens } = await import('../../apps/gateway/src/auth/verified-tokens');
    const verified = sys.gateway.get(VerifiedTokens);
    const { token } = await liveToken();
    await signedIn(token).expect(200);
    expect(verified.get(token)).toBeDefined();
    await signedIn(token).expect(200);

    // One character of the signature changed: not the remembered token, so verified anew, and refused.
    const [head, body, signature] = token.split('.');
    const altered = `${head}.${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    await signedIn(altered).expect(401);
    expect(verified.get(altered)).toBeUndefined();

    // Remembered, yet refused once it has expired.
    const short = await liveToken('2s');
    await signedIn(short.token).expect(200);
    expect(verified.get(short.token)).toBeDefined();
    await eventually(async () => expect((await signedIn(short.token)).status).toBe(401), { timeoutMs: 20_000, intervalMs: 250 });

    // Remembered, yet refused on the very next call once the user signed out.
    const jane = await registerAccount(sys);
    const session = await signIn(sys, jane);
    await signedIn(session.token).expect(200);
    expect(verified.get(session.token)).toBeDefined();
    await request(sys.baseUrl).post('/api/v1/users/logout').set('Authorization', `Bearer ${session.token}`).expect(200);
    await signedIn(session.token).expect(401);
  });
});
