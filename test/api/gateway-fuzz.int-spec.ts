import { createHash } from 'node:crypto';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import request from 'supertest';
import { startTestSystem, type TestSystem } from '../support/system';
import { lastCode } from '../support/identity';

/**
 * Fuzzes every route of the gateway with hostile requests, signed out and signed in (as the
 * master admin, who may call every route): wrong types, huge values, deep nesting, NUL and
 * control characters, invalid UTF-8 and bad percent-encoding, malformed multipart, wrong
 * content types and encodings, empty bodies, arrays for objects. No answer may be ≥ 500.
 *
 * Routes come from Nest's router (so a new route is fuzzed without touching this file); their
 * field names from the OpenAPI document. Deterministic: the cases of a route depend only on
 * SEED and the route, so a failure names a case that can be replayed.
 */
const SEED = 20261123;
const CASES_PER_ROUTE = 30;
// Every route of every service, twice: minutes on a 2-core machine, not seconds.
jest.setTimeout(900_000);

let sys: TestSystem;
const ADMIN = { email: 'admin@example.test', mobile: '+12025550100', password: 'Correct-Horse-Battery-9' };

beforeAll(async () => {
  sys = await startTestSystem({ label: 'gwfuzz' });
  const { MasterAdminBootstrap } = await import('../../apps/gateway/src/bootstrap/master-admin.bootstrap');
  await sys.gateway.get(MasterAdminBootstrap).done;
});
afterAll(async () => {
  await sys?.stop();
});

type Route = { method: string; path: string; fields: string[]; query: string[] };

/** Every route of Nest's router, with the body and query field names the OpenAPI document gives. */
async function routes(): Promise<Route[]> {
  const docs = (await request(sys.baseUrl).get('/api/docs-json').expect(200)).body as {
    paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }>>;
  };
  const router = (sys.gateway.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router;
  const out: Route[] = [];
  for (const layer of router.stack) {
    if (!layer.route || layer.route.path === '{/*splat}') continue;
    for (const method of Object.keys(layer.route.methods)) {
      // An all-methods route (FHIR's read-only catch-all) lists CONNECT too: Node's HTTP server
      // hands a CONNECT (a proxy tunnel) to its 'connect' event, never to a route, on any path.
      if (method === 'connect') continue;
      const op = docs.paths[layer.route.path.replace(/:(\w+)/g, '{$1}')]?.[method];
      const schema = Object.values(op?.requestBody?.content ?? {})[0]?.schema;
      out.push({
        method: method.toUpperCase(),
        path: layer.route.path,
        fields: Object.keys(schema?.properties ?? {}),
        query: (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return out;
}

// --- Hostile input ---------------------------------------------------------------------------

/** Known-dangerous strings: every route gets each of them (round robin), besides random ones. */
const HOSTILE = [
  '', ' ', 'a\u0000b', '\u0000', '\u0007\u0008', '\u001b[31mred', 'line\r\nX-Injected: 1', '\ud800', '\udfff\ud800x', '\u202eevil', '\ufeffbom',
  '💥'.repeat(500), 'x'.repeat(70_000), "' OR '1'='1' --", '"; DROP TABLE events; --', '<img src=x onerror=alert(1)>', '../../../../etc/passwd',
  '%00', '%zz', '%E0%A4%A', '__proto__', 'constructor', 'null', 'NaN', '-1', '1e309', '9'.repeat(400), '2026-13-45T99:99:99Z', 'true',
  '00000000-0000-0000-0000-000000000000', 'someone@example.test', '+12025550199', '123456', 'a@b', '\\u0000', 'a\u0085b\u009f',
];
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, [], {}, [[[]]], { $gt: '' }, ['a', 'b'], [null]) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const BODY_KINDS = [
  'json-fields', 'json-fields', 'json-fields', 'json-array', 'json-scalar', 'json-deep', 'json-malformed', 'json-invalid-utf8', 'json-proto',
  'json-charset', 'json-gzip-garbage', 'json-unknown-encoding', 'form', 'form-bad-percent', 'form-many', 'multipart-fields', 'multipart-malformed',
  'multipart-no-boundary', 'multipart-file', 'multipart-huge-field', 'text-plain', 'octet-stream', 'xml', 'empty-json', 'none',
] as const;
const PATH_KINDS = ['raw-bad-percent', 'raw-invalid-utf8', 'overlong-utf8', 'huge'] as const;
const QUERY_KINDS = ['bad-percent', 'repeated', 'nested', 'none'] as const;
const HEADER_KINDS = ['none', 'none', 'xff', 'request-id', 'user-agent', 'authorization-garbage'] as const;

const caseArb = fc.record({
  body: fc.constantFrom(...BODY_KINDS),
  path: fc.constantFrom<string>(...PATH_KINDS),
  query: fc.constantFrom<string>(...QUERY_KINDS),
  header: fc.constantFrom(...HEADER_KINDS),
  values: fc.array(hostileValue, { minLength: 6, maxLength: 6 }),
  strings: fc.array(hostileString, { minLength: 4, maxLength: 4 }),
  omit: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
});
type Case = ReturnType<typeof sampleCases>[number];
function sampleCases(route: Route) {
  const seed = createHash('sha256').update(`${SEED} ${route.method} ${route.path}`).digest().readInt32BE(0);
  // Round robin over the body kinds and the known-dangerous strings, the rest at random.
  return fc.sample(caseArb, { seed, numRuns: CASES_PER_ROUTE }).map((c, i) => ({
    ...c,
    body: BODY_KINDS[i % BODY_KINDS.length],
    // Each known-dangerous string in the path and the query first, then the raw encodings.
    path: i < HOSTILE.length ? 'hostile' : PATH_KINDS[(i - HOSTILE.length) % PATH_KINDS.length],
    query: i < HOSTILE.length ? 'hostile' : QUERY_KINDS[(i - HOSTILE.length) % QUERY_KINDS.length],
    strings: [HOSTILE[i % HOSTILE.length], ...c.strings.slice(1)],
    values: [HOSTILE[i % HOSTILE.length], ...c.values.slice(1)],
    omit: [false, ...c.omit.slice(1)],
  }));
}

type Raw = { method: string; path: string; headers: Record<string, string>; body?: Buffer };

/** Percent-encodes every byte of the UTF-8 form but the unreserved ones (lone surrogates become U+FFFD). */
const enc = (v: unknown) =>
  Array.from(Buffer.from(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''), 'utf8'), (b) =>
    /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`,
  ).join('');
const boundary = '----fuzzBoundary7MA4YWxk';
const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

function buildRequest(route: Route, c: Case): Raw {
  const fields = route.fields.length ? route.fields : ['value', 'email'];
  const obj: Record<string, unknown> = {};
  fields.forEach((f, i) => {
    if (!c.omit[i % c.omit.length]) obj[f] = c.values[i % c.values.length];
  });
  const text = (i: number) => c.strings[i % c.strings.length];

  // Path: parameters replaced by hostile values, raw bad encodings, or a huge segment.
  // (Hostile values share one budget across a route's parameters: the request head stays under Node's 16 KB.)
  const params = (route.path.match(/:\w+/g) ?? []).length || 1;
  const pathParam = () => {
    switch (c.path) {
      case 'raw-bad-percent': return '%E0%A4%A%zz%';
      case 'raw-invalid-utf8': return '\u00ff\u00fe%C3%28'; // raw latin-1 bytes, then an invalid sequence
      case 'overlong-utf8': return '%C0%AF%C0%80%00';
      case 'huge': return 'p'.repeat(6000);
      default: return enc(text(0)).slice(0, Math.floor(3000 / params));
    }
  };
  let path = route.path.replace(/:(\w+)/g, () => pathParam());

  // Query string.
  const qnames = route.query.length ? route.query : ['q'];
  const qs: string[] = [];
  // (Values capped: a request head over Node's 16 KB limit is refused by Node's parser itself.)
  if (c.query === 'hostile') qnames.forEach((n, i) => qs.push(`${n}=${enc(c.values[i % c.values.length]).slice(0, 3000)}`));
  if (c.query === 'bad-percent') qnames.forEach((n) => qs.push(`${n}=%E0%A4%A%zz%00`));
  if (c.query === 'repeated') qnames.forEach((n) => qs.push(`${n}=a`, `${n}=b`, `${n}[]=c`));
  if (c.query === 'nested') qnames.forEach((n) => qs.push(`${n}[a][b][c]=1`, `${n}[__proto__][x]=1`));
  if (qs.length) path += `?${qs.join('&')}`;

  const headers: Record<string, string> = {};
  if (c.header === 'xff') headers['x-forwarded-for'] = '<img src=x onerror=alert(1)>, 999.1.1.1, ::1';
  if (c.header === 'request-id') headers['x-request-id'] = '../../<script>'.repeat(20);
  if (c.header === 'user-agent') headers['user-agent'] = 'Mozilla/5.0 '.repeat(600);
  if (c.header === 'authorization-garbage') headers['authorization'] = 'Bearer eyJhbGciOiJub25lIn0.e30.';

  let body: Buffer | undefined;
  const json = (s: string | Buffer, type = 'application/json') => {
    headers['content-type'] = type;
    body = Buffer.isBuffer(s) ? s : Buffer.from(s, 'utf8');
  };
  switch (c.body) {
    case 'json-fields': json(JSON.stringify(obj)); break;
    case 'json-array': json(JSON.stringify([obj, obj])); break;
    case 'json-scalar': json(JSON.stringify(text(1))); break;
    case 'json-deep': json(`${'['.repeat(20_000)}${']'.repeat(20_000)}`); break;
    case 'json-malformed': json(`{"${fields[0]}": ${JSON.stringify(text(1)).slice(0, -1)}`); break;
    case 'json-invalid-utf8': json(Buffer.concat([Buffer.from(`{"${fields[0]}":"`), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}')])); break;
    case 'json-proto': json(`{"__proto__":{"isMasterAdmin":true},"constructor":{"prototype":{"x":1}},"${fields[0]}":"a"}`); break;
    case 'json-charset': json(JSON.stringify(obj), 'application/json; charset=utf-7'); break;
    case 'json-gzip-garbage': json(Buffer.from('not gzip at all')); headers['content-encoding'] = 'gzip'; break;
    case 'json-unknown-encoding': json(gzipSync(JSON.stringify(obj))); headers['content-encoding'] = 'br, zstd, x-hostile'; break;
    case 'form': json(fields.map((f, i) => `${f}=${enc(c.values[i % c.values.length])}`).join('&'), 'application/x-www-form-urlencoded'); break;
    case 'form-bad-percent': json(`${fields[0]}=%E0%A4%A&${fields[0]}=%zz&%00=%00`, 'application/x-www-form-urlencoded'); break;
    case 'form-many': json(Array.from({ length: 1000 }, (_, i) => `f${i}=${i}`).join('&'), 'application/x-www-form-urlencoded'); break;
    case 'multipart-fields': json(`${fields.map((f, i) => part(f, String(text(i)))).join('')}--${boundary}--\r\n`, `multipart/form-data; boundary=${boundary}`); break;
    case 'multipart-malformed': json(`--${boundary}\r\nContent-Disposition: form-data; name="${fields[0]}"\r\n\r\n${text(0)}`, `multipart/form-data; boundary=${boundary}`); break;
    case 'multipart-no-boundary': json(`--x\r\n\r\n`, 'multipart/form-data'); break;
    case 'multipart-file':
      json(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fields[0]}"; filename="../../x.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n--${boundary}--\r\n`,
        `multipart/form-data; boundary=${boundary}`,
      );
      break;
    case 'multipart-huge-field': json(`${part(fields[0], 'x'.repeat(200_000))}--${boundary}--\r\n`, `multipart/form-data; boundary=${boundary}`); break;
    case 'text-plain': json(String(text(2)), 'text/plain'); break;
    case 'octet-stream': json(Buffer.from(Array.from(String(text(3)), (ch) => ch.charCodeAt(0) & 0xff)), 'application/octet-stream'); break;
    case 'xml': json(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>`, 'application/xml'); break;
    case 'empty-json': json('', 'application/json'); break;
    case 'none': break;
  }
  return { method: route.method, path, headers, body };
}

/** Sends a request byte for byte (no client-side encoding of the path or body). */
function send(r: Raw, token?: string): Promise<{ status: number; body: string }> {
  const url = new URL(sys.baseUrl);
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...r.headers, 'x-forwarded-for': r.headers['x-forwarded-for'] ?? '10.99.0.1' };
    if (token && !r.headers.authorization) headers.authorization = `Bearer ${token}`;
    if (r.body) headers['content-length'] = r.body.length;
    const req = http.request({ host: url.hostname, port: url.port, method: r.method, path: r.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 300) }));
      res.on('error', (e) => resolve({ status: 0, body: `response error: ${e.message}` }));
    });
    req.on('error', (e) => resolve({ status: 0, body: `request error: ${e.message}` }));
    req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
    if (r.body) req.write(r.body);
    req.end();
  });
}

async function adminToken(): Promise<string> {
  const ip = '192.0.2.200';
  const step1 = await request(sys.baseUrl).post('/api/v1/users/signIn').set('X-Forwarded-For', ip).send({ usernameOrEmail: ADMIN.email, password: ADMIN.password }).expect(200);
  const code = await lastCode(sys, ADMIN.mobile);
  const step2 = await request(sys.baseUrl)
    .post('/api/v1/users/verify2FaForLogin')
    .set('X-Forwarded-For', ip)
    .send({ email: ADMIN.email, _2faCode: code, _2faToken: step1.body.twoFactorAuthToken })
    .expect(200);
  return step2.body.token as string;
}

describe('gateway fuzz', () => {
  it(`answers every hostile request to every route below 500, signed out and signed in (seed ${SEED}, ${CASES_PER_ROUTE} cases per route and mode)`, async () => {
    const all = await routes();
    expect(all.length).toBeGreaterThan(15);
    // The routes that can end the fuzzing session (logout) go last.
    all.sort((a, b) => Number(/logout/i.test(a.path)) - Number(/logout/i.test(b.path)));
    const failures: string[] = [];
    let sent = 0;
    let token: string | undefined;
    for (const route of all) {
      const cases = sampleCases(route);
      for (const mode of ['signed out', 'signed in'] as const) {
        // Signs in when needed: a previous route's case may have ended the session (logout).
        if (mode === 'signed in' && (!token || (await request(sys.baseUrl).post('/api/v1/users/isSignedIn').set('Authorization', `Bearer ${token}`)).status === 401)) {
          token = await adminToken();
        }
        for (const [i, c] of cases.entries()) {
          const raw = buildRequest(route, c);
          const res = await send(raw, mode === 'signed in' ? token : undefined);
          sent++;
          if (res.status >= 500 || res.status === 0) {
            failures.push(`${route.method} ${route.path} [${mode}, case ${i}: body ${c.body}, path ${c.path}, query ${c.query}, header ${c.header}] -> ${res.status} ${res.body}`);
          }
        }
      }
    }
    expect(sent).toBe(all.length * CASES_PER_ROUTE * 2);
    expect(failures).toEqual([]);
  });
});
