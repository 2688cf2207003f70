import { isIP } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { startTestSystem, type TestSystem } from '../support/system';
import { STRONG_PASSWORD, registerAccount, signIn } from '../support/identity';

/**
 * The gateway against hostile clients: forged client addresses, NUL bytes, malformed
 * multipart bodies, cacheable answers, the framework's name in a throttle message. The main
 * gateway trusts no proxy (the default); a second one, in production mode, trusts loopback.
 */
let sys: TestSystem;
let prod: NestExpressApplication;
let prodUrl: string;

beforeAll(async () => {
  sys = await startTestSystem({ label: 'gwhard', contexts: ['identity'], env: { TRUST_PROXY: '' } });
  const { loadGatewayConfig } = await import('../../apps/gateway/src/config');
  const { createGatewayApp } = await import('../../apps/gateway/src/create-app');
  prod = await createGatewayApp(loadGatewayConfig({ ...process.env, NODE_ENV: 'production', TRUST_PROXY: 'loopback', HTTP_RATE_LIMIT: '4', LOG_LEVEL: 'silent' }));
  await prod.listen(0, '127.0.0.1');
  prodUrl = `http://127.0.0.1:${(prod.getHttpServer().address() as { port: number }).port}`;
});
afterAll(async () => {
  await prod?.close();
  await sys?.stop();
});

const XSS = '<img src=x onerror=alert(1)>';
const ownEvents = async (base: string, token: string) =>
  (await request(base).get('/api/users/securityEvents').query({ limit: 100 }).set('Authorization', `Bearer ${token}`).expect(200)).body.events as { type: string; ip: string | null }[];

describe('keep-alive connections', () => {
  it('keeps an idle connection open 65 s and says so (Keep-Alive: timeout=65), not Node\'s 5 s that resets a busy client\'s next request', async () => {
    const { request: httpRequest, Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
        httpRequest(`${sys.baseUrl}/api/health/live`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers));
        })
          .on('error', reject)
          .end();
      });
      expect(headers.connection).toBe('keep-alive');
      expect(headers['keep-alive']).toBe('timeout=65');
    } finally {
      agent.destroy();
    }
  });
});

describe('client IP', () => {
  it('ignores X-Forwarded-For from an untrusted client: rotating it does not escape the per-IP throttle', async () => {
    const account = await registerAccount(sys);
    for (let i = 0; i < 5; i++) {
      await request(sys.baseUrl)
        .post('/api/v1/users/signIn')
        .set('X-Forwarded-For', `198.51.100.${i + 1}`)
        .send({ usernameOrEmail: account.email, password: `Wrong-Password-${i}` })
        .expect(401);
    }
    // A new forged address per attempt: still the same client, still throttled, even with the right password.
    for (const forged of ['198.51.100.77', '203.0.113.9, 198.51.100.78', XSS]) {
      const res = await request(sys.baseUrl).post('/api/v1/users/signIn').set('X-Forwarded-For', forged).send({ usernameOrEmail: account.email, password: STRONG_PASSWORD });
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('stores the socket address, never a forged header, from an untrusted client', async () => {
    const account = await registerAccount(sys);
    const { token } = await signIn(sys, account, { ip: XSS });
    // Every event of the sign-in carries the client's address (registration over NATS has none).
    const events = (await ownEvents(sys.baseUrl, token)).filter((e) => e.type.startsWith('SignIn'));
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const e of events) expect(e.ip).toBe('127.0.0.1');
    expect(JSON.stringify(events)).not.toContain('<img');
  });

  it('believes a trusted proxy about the client, but only when it names a valid IP', async () => {
    const account = await registerAccount(sys);
    const viaProxy = (ip: string) =>
      request(prodUrl).post('/api/v1/users/signIn').set('X-Forwarded-For', ip).send({ usernameOrEmail: account.email, password: 'Wrong-Password-1' }).expect(401);
    await viaProxy('203.0.113.5');
    await viaProxy(XSS);
    await viaProxy("1.2.3.4' OR '1'='1");
    const { token } = await signIn(sys, account);
    const failed = (await ownEvents(sys.baseUrl, token)).filter((e) => e.type === 'SignInFailed').map((e) => e.ip);
    expect(failed.sort()).toEqual(['127.0.0.1', '127.0.0.1', '203.0.113.5']);
    for (const ip of failed) expect(isIP(ip!)).toBeGreaterThan(0);
  });
});

describe('control characters', () => {
  it('answers 400 naming the field for a NUL in a path parameter, a JSON field, a form field and a multipart field', async () => {
    const path = await request(sys.baseUrl).get('/api/v1/users/exists/email/a%00b').expect(400);
    expect(path.body).toMatchObject({ success: false, field: 'value', message: 'value must not contain control characters' });
    const json = await request(sys.baseUrl).post('/api/v1/users/signIn').send({ usernameOrEmail: 'a\u0000b', password: 'x' }).expect(400);
    expect(json.body).toMatchObject({ success: false, field: 'usernameOrEmail' });
    const form = await request(sys.baseUrl).post('/api/v1/users/signIn').type('form').send('usernameOrEmail=a%00b&password=x').expect(400);
    expect(form.body.field).toBe('usernameOrEmail');
    const multipart = await request(sys.baseUrl).post('/api/v1/users/signIn').field('usernameOrEmail', 'jane\u0007@clinic.test').field('password', 'x').expect(400);
    expect(multipart.body.field).toBe('usernameOrEmail');
    const query = await request(sys.baseUrl).get('/api/dev/outbox').query({ to: 'a\u001bb' }).expect(400);
    expect(query.body.field).toBe('to');
  });
});

describe('multipart bodies', () => {
  const boundary = '----hostile';
  const raw = (path: string, body: string | Buffer, type = `multipart/form-data; boundary=${boundary}`) =>
    request(sys.baseUrl).post(path).set('Content-Type', type).send(Buffer.isBuffer(body) ? body : Buffer.from(body));

  it('answers 400 for a malformed body, on public and signed-in routes alike (after authentication on the latter)', async () => {
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="usernameOrEmail"\r\n\r\njane`;
    const malformed = await raw('/api/v1/users/signIn', truncated).expect(400);
    expect(malformed.body.success).toBe(false);
    await raw('/api/v1/users/signIn', 'not multipart at all', 'multipart/form-data').expect(400);
    await raw('/api/v1/users/signIn', `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`).expect(400);
    // A route that needs a session refuses the anonymous caller before reading the body.
    await raw('/api/users/reauthenticate', truncated).expect(401);
    const account = await registerAccount(sys);
    const { token } = await signIn(sys, account);
    await raw('/api/users/reauthenticate', truncated).set('Authorization', `Bearer ${token}`).expect(400);
  });

  it('accepts text fields as form-data, refuses files where no file is taken, and answers 413 for an oversized field', async () => {
    const account = await registerAccount(sys);
    await request(sys.baseUrl).post('/api/v1/users/signIn').field('usernameOrEmail', account.email).field('password', STRONG_PASSWORD).expect(200);
    const file = await request(sys.baseUrl)
      .post('/api/v1/users/signIn')
      .field('usernameOrEmail', account.email)
      .attach('password', Buffer.from('%PDF-1.4'), 'a.pdf')
      .expect(400);
    expect(file.body.success).toBe(false);
    const big = await request(sys.baseUrl).post('/api/v1/users/signIn').field('usernameOrEmail', 'x'.repeat(100 * 1024)).field('password', 'x').expect(413);
    expect(big.body).toMatchObject({ success: false });
  });
});

describe('answers', () => {
  it('are never cacheable: Cache-Control no-store on successes, failures and unknown API routes', async () => {
    for (const res of [
      await request(sys.baseUrl).get('/api/v1/users/exists/username/nobody').expect(200),
      await request(sys.baseUrl).post('/api/v1/users/signIn').send({}).expect(400),
      await request(sys.baseUrl).post('/api/v1/users/signIn').set('Content-Type', 'application/json').send('{"a":').expect(400),
      await request(sys.baseUrl).get('/api/no/such/route').expect(404),
      await request(sys.baseUrl).post('/api/v1/users/logout').expect(401),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('keep /api/docs public outside production and require a session in production', async () => {
    await request(sys.baseUrl).get('/api/docs-json').expect(200);
    await request(prodUrl).get('/api/docs-json').expect(401);
    await request(prodUrl).get('/api/docs').expect(401);
    await request(prodUrl).get('/api/docs-yaml').expect(401);
    await request(prodUrl).get('/api/docs/swagger-ui-init.js').expect(401);
    await request(prodUrl).get('/api/docs-json').set('Authorization', 'Bearer not.a.token').expect(401);
    const account = await registerAccount(sys);
    const { token } = await signIn(sys, account);
    const docs = await request(prodUrl).get('/api/docs-json').set('Authorization', `Bearer ${token}`).expect(200);
    expect(docs.body.openapi).toMatch(/^3\./);
    expect(docs.headers['cache-control']).toBe('no-store');
  });

  it("say 'too many requests' in the product's own words, without the framework's name", async () => {
    const { TOO_MANY_REQUESTS } = await import('../../apps/gateway/src/gateway.module');
    let limited: request.Response | undefined;
    for (let i = 0; i < 10 && !limited; i++) {
      const res = await request(prodUrl).get('/api/v1/users/exists/username/nobody');
      if (res.status === 429) limited = res;
    }
    expect(limited).toBeDefined();
    expect(limited!.body).toEqual({ success: false, message: TOO_MANY_REQUESTS });
    expect(JSON.stringify(limited!.body)).not.toMatch(/throttl|nest/i);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
