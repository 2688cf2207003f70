/**
 * `npm run seed`: a realistic demo directory, through the product's own commands.
 *
 *   npm run seed                          # 200 providers (NPIs of the sample registry) + 30 staff users
 *   npm run seed -- --if-empty            # only when no profile but the master admin's exists (npm start)
 *   npm run seed -- --providers 300 --staff 50
 *   npm run seed -- --profiles 1000000    # scale: a million profiles in bulk (read model only, no accounts)
 *
 * The demo users are created exactly as an administrator's 'Create User Profile' does it: the body
 * is checked by the gateway's contract (every §5 rule), then `directory.cmd.createUser` is sent
 * over NATS in the master admin's name (signed with ACTOR_SIGNING_KEY like the gateway signs), so
 * identity registers each account and the directory records each profile, both event-sourced.
 * Names, NPIs, credentials and specialties come from the sample registry mirror
 * (`directory.registry_providers WHERE sample`), the rest from @faker-js/faker with a fixed seed,
 * so every run makes the same directory. Avatars (initials) and banners are drawn locally as SVG
 * and rendered to PNG by sharp into UPLOAD_DIR (nothing is downloaded). Re-running is safe: each
 * user's request key is fixed, so a second run completes what is missing and duplicates nothing.
 * Seeded users get no invitation email; they set a password with 'Forgot password'.
 *
 * `--profiles N` writes N ProfileCreated events to the directory's event store in batches (one
 * multi-row insert of new streams per transaction, several writers; `--via-append` uses the
 * store's `append` per profile instead, many per transaction), then waits while the running
 * directory service projects them into the read model (the normal projection catch-up). Those
 * profiles have no identity account: they exist to measure the users grid at scale
 * (`npm run bench -- users`). Event ids are derived from the index, so a re-run adds nothing twice.
 *
 * Environment: DATABASE_URL, NATS_URL (else the gateway's user of npm start's nats-server, from
 * .data/nats), NATS_PREFIX, ACTOR_SIGNING_KEY (else .data/actor-signing-key, as npm start keeps
 * it), UPLOAD_DIR (default .data/uploads).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { Faker, en } from '@faker-js/faker';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Pool } from 'pg';
import sharp from 'sharp';
import { isUsStateCode } from '@app/validation';
import { directory, type RpcContract, type RpcReplyOf, type RpcRequestOf } from '@app/contracts';
import { PostgresEventStore } from '@app/event-store';
import { DomainError, ServiceRequester, actorSigningKey, natsConnectionOptions, parseFields, runWithContext } from '@app/nest-kit';
import { EMPTY_ADDRESS, type ProfileCreated, type ProfileDetails } from '../apps/directory/src/domain/profile.events';
import { profileStreamId } from '../apps/directory/src/domain/profile.aggregate';
import { uuidFromName } from '../apps/directory/src/infrastructure/profile.writer';
import { LocalDiskFileStorage, fileUrl } from '../apps/gateway/src/uploads/file-storage';

const SEED = 20261123;
const SCHEMA = 'directory';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type SeedLog = (line: string) => void;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}
function count(name: string, fallback: number): number {
  const v = arg(name);
  if (v === undefined) return fallback;
  const n = Number(v.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} needs a whole number, not ${v}`);
  return n;
}

const title = (s: string | null | undefined) =>
  (s ?? '')
    .toLowerCase()
    .replace(/(^|[\s'-])\p{L}/gu, (m) => m.toUpperCase())
    .trim();

// --- images -------------------------------------------------------------------------------------

const PALETTE = ['#1e88e5', '#43a047', '#e53935', '#8e24aa', '#fb8c00', '#00897b', '#3949ab', '#6d4c41', '#d81b60', '#546e7a'];
const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 256 px square PNG: initials on a colour picked by index. */
export async function initialsAvatar(initials: string, i: number): Promise<Buffer> {
  const bg = PALETTE[i % PALETTE.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="${bg}"/>
<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="104" font-weight="bold" fill="#fff">${esc(initials)}</text></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** A 1200×200 (6:1) PNG banner: a diagonal gradient between two palette colours. */
export async function gradientBanner(i: number): Promise<Buffer> {
  const a = PALETTE[i % PALETTE.length];
  const b = PALETTE[(i * 3 + 4) % PALETTE.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="1200" height="200" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

// --- demo users ---------------------------------------------------------------------------------

type RegistryPerson = {
  npi: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  credential: string | null;
  primary_taxonomy_desc: string | null;
  loc_address_1: string | null;
  loc_address_2: string | null;
  loc_city: string | null;
  loc_state: string | null;
  loc_postal_code: string | null;
};

const AREA_CODES = ['202', '212', '312', '415', '512', '617', '713', '303', '404', '206', '305', '602'];

/** A US number of the 555 exchange, unique per index (555-0100 and up). */
const phoneNumber = (i: number, offset: number) => `(${AREA_CODES[i % AREA_CODES.length]}) 555-${String(100 + offset + Math.floor(i / AREA_CODES.length)).padStart(4, '0')}`;

/** The addUser2 body of the i-th demo user (a provider from the registry, or staff from faker). */
export function demoUserBody(i: number, person: RegistryPerson | null, takenUserNames: Set<string>): Record<string, unknown> {
  const f = new Faker({ locale: [en], seed: SEED + i });
  const firstName = person ? title(person.first_name) : f.person.firstName();
  const lastName = person ? title(person.last_name) : f.person.lastName();
  const middleName = person ? title(person.middle_name) || null : f.helpers.maybe(() => f.person.middleName(), { probability: 0.3 }) ?? null;
  const credentials = person?.credential?.replace(/\s+/g, ' ').trim() || null;
  const base = `${firstName[0] ?? ''}${lastName}`
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase()
    .slice(0, 17);
  let userName = base.length >= 2 ? base : `user${i}`;
  for (let k = 2; takenUserNames.has(userName); k++) userName = `${base.slice(0, 17)}${k}`;
  takenUserNames.add(userName);

  const zip = person?.loc_postal_code?.replace(/\D/g, '').slice(0, 5) ?? '';
  const fromRegistry = person && (person.loc_address_1 ?? '').length > 5 && (person.loc_city ?? '').length >= 2 && isUsStateCode(person.loc_state ?? '') && zip.length === 5;
  const city = fromRegistry ? title(person.loc_city) : f.location.city();
  const state = fromRegistry ? person.loc_state! : f.location.state({ abbreviated: true });
  const specialty = person?.primary_taxonomy_desc ?? null;
  const displayName = (person ? `${firstName} ${lastName}${credentials ? `, ${credentials}` : ''}` : `${firstName} ${lastName}`).slice(0, 40);
  const description = person
    ? `${specialty ?? 'Provider'} seeing patients in ${city}, ${state}. ${f.company.catchPhrase()}.`
    : `${f.person.jobTitle()} at ${f.company.name()}. ${f.company.catchPhrase()}.`;
  return {
    requestId: `seed-demo-${String(i).padStart(6, '0')}`,
    isProvider: !!person,
    npi: person?.npi ?? null,
    firstName,
    middleName,
    lastName,
    displayName,
    userName,
    streetAddress: fromRegistry ? title(person.loc_address_1) : f.location.streetAddress(),
    suite: fromRegistry ? title(person.loc_address_2) || null : f.helpers.maybe(() => f.location.secondaryAddress(), { probability: 0.4 }) ?? null,
    city,
    state,
    zip: fromRegistry ? zip : f.location.zipCode('#####'),
    email: `${userName}@${f.helpers.arrayElement(['clinic', 'health', 'medical', 'care', 'partners'])}.example.com`,
    mobile: phoneNumber(i, 1000),
    phone: phoneNumber(i, 5000),
    fax: f.helpers.maybe(() => phoneNumber(i, 8000), { probability: 0.5 }) ?? null,
    website: f.helpers.maybe(() => `https://www.${lastName.toLowerCase().replace(/[^a-z]/g, '')}${f.helpers.arrayElement(['clinic', 'health', 'care'])}.example.com`, { probability: 0.4 }) ?? null,
    profileDescription: description,
    credentials,
    specialty,
  };
}

/** directory.cmd / qry over NATS as the gateway sends them, through the kit's one RPC client: the acting user signed for the subject. */
class DirectoryCaller {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly requester: ServiceRequester,
  ) {}

  static async open(natsUrl: string, key: string): Promise<DirectoryCaller> {
    const nc = await connect({ ...natsConnectionOptions(natsUrl), timeout: 5000 });
    const requester = new ServiceRequester({ NODE_ENV: process.env.NODE_ENV ?? 'development', ACTOR_SIGNING_KEY: key, NATS_URL: natsUrl }, nc, 60_000);
    await requester.connect();
    return new DirectoryCaller(nc, requester);
  }

  async call<C extends RpcContract>(contract: C, data: RpcRequestOf<C>, actorId: string): Promise<RpcReplyOf<C>> {
    try {
      return await runWithContext({ correlationId: randomUUID(), actor: { userId: actorId } }, () => this.requester.call(contract, data));
    } catch (err) {
      if (err instanceof DomainError) throw new Error(`${contract.name}: ${err.message}${err.field ? ` (${err.field})` : ''}`);
      throw err;
    }
  }

  async close() {
    await this.requester.close();
    await this.nc.drain();
  }
}

export type DemoSeedOptions = {
  databaseUrl: string;
  natsUrl: string;
  signingKey: string;
  uploadDir: string;
  providers?: number;
  staff?: number;
  ifEmpty?: boolean;
  log?: SeedLog;
};

/** The demo directory (see the file comment). Answers how many users it created (0 when skipped). */
export async function seedDemo(opts: DemoSeedOptions): Promise<number> {
  const log = opts.log ?? console.log;
  const providers = opts.providers ?? 200;
  const staff = opts.staff ?? 30;
  const pool = new Pool({ connectionString: opts.databaseUrl, max: 2 });
  const caller = await DirectoryCaller.open(opts.natsUrl, opts.signingKey);
  try {
    // The master admin (created by identity at its first boot, given a profile by the directory).
    let admin: string | undefined;
    for (let i = 0; i < 120 && !admin; i++) {
      const r = await pool.query<{ id: string }>(`SELECT id FROM ${SCHEMA}.profiles WHERE is_master_admin LIMIT 1`).catch(() => ({ rows: [] as { id: string }[] }));
      admin = r.rows[0]?.id;
      if (!admin) await sleep(500);
    }
    if (!admin) throw new Error('no master admin profile yet: start the apps first (npm start)');
    if (opts.ifEmpty) {
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${SCHEMA}.profiles WHERE NOT is_master_admin LIMIT 1) x`);
      if (rows[0].n > 0) {
        log('> seed: the directory has profiles already, nothing to do');
        return 0;
      }
    }
    const { rows: people } = await pool.query<RegistryPerson>(
      `SELECT npi, first_name, middle_name, last_name, credential, primary_taxonomy_desc, loc_address_1, loc_address_2, loc_city, loc_state, loc_postal_code
         FROM ${SCHEMA}.registry_providers
        WHERE sample AND entity_type = 1 AND NOT deactivated AND length(first_name) >= 2 AND length(last_name) >= 2
        ORDER BY npi LIMIT $1`,
      [providers],
    );
    if (people.length < providers)
      log(`> seed: the sample registry has ${people.length} people for ${providers} providers (import it: npm run nppes:import -- --sample)`);

    const storage = new LocalDiskFileStorage(opts.uploadDir);
    const store = new PostgresEventStore(pool, { schema: SCHEMA });
    const taken = new Set<string>();
    const jobs = [...people.map((p) => p as RegistryPerson | null), ...Array.from({ length: staff }, () => null)].map((person, i) => ({
      i,
      body: demoUserBody(i, person, taken),
    }));
    let created = 0;
    let next = 0;
    const t = Date.now();
    const worker = async () => {
      while (next < jobs.length) {
        const { i, body } = jobs[next++];
        // A demo user an earlier run created (its profile stream exists, whatever the read model
        // shows yet) is left alone: its request would now carry new image files, another payload.
        const requestKey = `seed:${body.requestId as string}`;
        if ((await store.streamVersion(profileStreamId(uuidFromName(requestKey, 'directory-create-user')))) > 0) continue;
        const b = body as { firstName: string; lastName: string };
        body.avatarImageUrl = fileUrl(await storage.put(await initialsAvatar(`${b.firstName[0]}${b.lastName[0]}`.toUpperCase(), i), 'png', { purpose: 'public' }));
        if (i % 3 === 0) body.bannerImageUrl = fileUrl(await storage.put(await gradientBanner(i), 'png', { purpose: 'public' }));
        // The gateway's own contract: every §5 rule holds for the demo data too.
        const request = parseFields(directory.AddUser2Request, body);
        const payload: directory.CreateUserPayload = { ...directory.createPayloadFromAddUser2(request, requestKey), invite: false };
        // Every fifth staff member administers the directory.
        if (!body.isProvider && i % 5 === 0) payload.isAdmin = true;
        const reply = await caller.call(directory.PROFILES_RPC.createUser, payload, admin);
        if (reply.created) created++;
        if ((created + 1) % 50 === 0) log(`> seed: ${created} users`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    log(`> seed: ${created} demo users created (${jobs.length - created} there already) in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return created;
  } finally {
    await caller.close();
    await pool.end();
  }
}

// --- progress -----------------------------------------------------------------------------------

/**
 * A progress bar on a terminal (one line redrawn: bar, counts, rate, time left), else a line
 * every tenth of the way (logs, CI), through `log` when one is given.
 */
export class Progress {
  private readonly started = Date.now();
  private lastLine = 0;
  private lastTenth = -1;
  private readonly tty: boolean;

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly log?: SeedLog,
  ) {
    this.tty = !log && !!process.stdout.isTTY;
  }

  update(done: number, force = false): void {
    const now = Date.now();
    const fraction = this.total > 0 ? Math.min(1, done / this.total) : 1;
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const left = rate > 0 ? (this.total - done) / rate : 0;
    const text = `${done.toLocaleString('en-US')} / ${this.total.toLocaleString('en-US')} ${this.label}, ${Math.round(rate).toLocaleString('en-US')}/s, ${duration(seconds)}${done < this.total ? `, ~${duration(left)} left` : ''}`;
    if (this.tty) {
      if (!force && now - this.lastLine < 250) return;
      this.lastLine = now;
      const width = 30;
      const filled = Math.round(fraction * width);
      process.stdout.write(`\r> seed: [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(fraction * 100).toFixed(0).padStart(3)}% ${text}\x1b[K`);
      return;
    }
    const tenth = Math.floor(fraction * 10);
    if (!force && tenth === this.lastTenth) return;
    this.lastTenth = tenth;
    (this.log ?? console.log)(`> seed: ${text}`);
  }

  done(done: number): void {
    this.update(done, true);
    if (this.tty) process.stdout.write('\n');
  }
}

function duration(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

// --- a million profiles -------------------------------------------------------------------------

const STATES = ['TX', 'CA', 'NY', 'FL', 'IL', 'PA', 'OH', 'GA', 'NC', 'MI', 'WA', 'AZ', 'MA', 'CO', 'MD'];

/** The ProfileCreated event of bulk profile `i` (deterministic: the same i gives the same event). */
export function bulkProfileEvent(i: number, f: Faker, now: Date): { id: string; streamId: string; event: ProfileCreated } {
  f.seed(SEED * 7 + i);
  const profileId = uuidFromName(`bulk-profile:${i}`, 'directory-seed');
  const firstName = f.person.firstName();
  const lastName = f.person.lastName();
  const userName = `${firstName[0]}${lastName}`.replace(/[^A-Za-z]/g, '').toLowerCase().slice(0, 12) + String(i);
  const provider = i % 4 !== 0;
  const state = STATES[i % STATES.length];
  const details: ProfileDetails = {
    npi: null,
    firstName,
    middleName: null,
    lastName,
    displayName: `${firstName} ${lastName}`.slice(0, 40),
    credentials: provider ? f.helpers.arrayElement(['MD', 'DO', 'NP', 'PA-C', 'DDS', 'RN', 'LCSW']) : null,
    specialty: provider ? f.helpers.arrayElement(['Family Medicine', 'Internal Medicine', 'Pediatrics', 'Cardiology', 'Dermatology', 'Psychiatry', 'Orthopaedic Surgery']) : null,
    organization: null,
    mailingAddress: { ...EMPTY_ADDRESS, streetAddress1: f.location.streetAddress(), city: f.location.city(), state, zip: f.location.zipCode('#####') },
    phone: `+1${AREA_CODES[i % AREA_CODES.length]}555${String(i % 10000).padStart(4, '0')}`,
    fax: null,
    website: null,
    profileDescription: null,
    bannerImageUrl: null,
    avatarImageUrl: null,
  };
  const mobile = `+1${AREA_CODES[(i >> 3) % AREA_CODES.length]}${200 + (Math.floor(i / 10000) % 800)}${String(i % 10000).padStart(4, '0')}`;
  return {
    id: uuidFromName(`bulk-profile-created:${i}`, 'directory-seed'),
    streamId: profileStreamId(profileId),
    event: {
      type: 'ProfileCreated',
      data: {
        profileId,
        account: { userName, email: `${userName}@bulk.example.test`, mobile },
        roles: { isAdmin: false, isProvider: provider, isMasterAdmin: false },
        details,
        createdAt: new Date(now.getTime() - (i % 1_000_000) * 1000).toISOString(),
        createdBy: null,
      },
    },
  };
}

export type BulkSeedOptions = {
  databaseUrl: string;
  profiles: number;
  from?: number;
  batch?: number;
  writers?: number;
  /** One `append` per profile (many per transaction) instead of one multi-row insert per batch: slower, for comparison. */
  viaAppend?: boolean;
  log?: SeedLog;
};

/**
 * Appends `profiles` ProfileCreated events (indexes from..from+profiles-1) to the directory's
 * event store: `batch` streams per transaction, `writers` transactions at once. Answers the
 * events appended per second.
 */
export async function bulkProfiles(opts: BulkSeedOptions): Promise<{ appended: number; seconds: number }> {
  const progress = new Progress('profiles appended', opts.profiles, opts.log);
  const batch = opts.batch ?? 1000;
  const writers = opts.writers ?? Math.max(2, Math.min(8, cpus().length));
  const from = opts.from ?? 0;
  const pool = new Pool({ connectionString: opts.databaseUrl, max: writers + 1 });
  const store = new PostgresEventStore(pool, { schema: SCHEMA });
  const t = Date.now();
  let done = 0;
  let nextBatch = from;
  const end = from + opts.profiles;
  const now = new Date();
  try {
    await store.ensureSchema();
    const worker = async () => {
      const f = new Faker({ locale: [en] });
      while (nextBatch < end) {
        const start = nextBatch;
        nextBatch = Math.min(end, start + batch);
        const events = Array.from({ length: nextBatch - start }, (_, k) => bulkProfileEvent(start + k, f, now));
        if (opts.viaAppend)
          await store.withTransaction(async (client) => {
            for (const e of events) await store.append(e.streamId, [{ id: e.id, type: e.event.type, data: e.event.data, metadata: { correlationId: 'seed-bulk' } }], { client });
          });
        else
          // Each profile is a new stream whose first event this is: the batch goes in as one
          // statement (what `append` writes, without its per-stream lock and version check, which
          // a brand-new stream id derived from the index does not need). A re-run inserts nothing.
          await store.withTransaction(async (client) => {
            await client.query(
              `INSERT INTO ${SCHEMA}.events (stream_id, stream_version, event_id, type, data, metadata)
               SELECT x->>'s', 1, (x->>'id')::uuid, x->>'type', x->'data', '{"correlationId":"seed-bulk"}'::jsonb
                 FROM jsonb_array_elements($1::jsonb) AS x
               ON CONFLICT DO NOTHING`,
              [JSON.stringify(events.map((e) => ({ s: e.streamId, id: e.id, type: e.event.type, data: e.event.data })))],
            );
            await client.query('SELECT pg_notify($1, $2)', [`${SCHEMA}_events`, '']);
          });
        done += events.length;
        progress.update(done);
      }
    };
    await Promise.all(Array.from({ length: writers }, worker));
    progress.done(done);
    return { appended: done, seconds: (Date.now() - t) / 1000 };
  } finally {
    await pool.end();
  }
}

type Position = { tx: string; gp: number };

/**
 * The newest committed event's (transaction id, position), the `profiles` projection's
 * checkpoint, and whether that checkpoint has reached `target` (default: that newest event).
 */
async function positions(pool: Pool, target?: Position | null): Promise<{ head: Position | null; checkpoint: Position | null; reached: boolean }> {
  const { rows } = await pool.query<{ htx: string | null; hgp: string | null; ctx: string | null; cgp: string | null; reached: boolean | null }>(
    `SELECT h.transaction_id::text AS htx, h.global_position::text AS hgp, c.transaction_id::text AS ctx, c.global_position::text AS cgp,
            (c.transaction_id, c.global_position) >= (coalesce($1::xid8, h.transaction_id), coalesce($2::bigint, h.global_position)) AS reached
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (SELECT transaction_id, global_position FROM ${SCHEMA}.events ORDER BY transaction_id DESC, global_position DESC LIMIT 1) h ON true
       LEFT JOIN ${SCHEMA}.checkpoints c ON c.name = 'profiles'`,
    [target?.tx ?? null, target ? String(target.gp) : null],
  );
  const r = rows[0];
  return {
    head: r.htx ? { tx: r.htx, gp: Number(r.hgp) } : null,
    checkpoint: r.ctx ? { tx: r.ctx, gp: Number(r.cgp) } : null,
    reached: !r.htx || r.reached === true,
  };
}

/**
 * Waits until the directory's `profiles` projection (run by the directory service) has projected
 * every event committed before the call: its checkpoint at the head of the event store, shown as
 * a progress bar (events by position). Then checks that the read model holds at least `expected`
 * bulk profiles. False on timeout; says once when the projection has not moved for 30 s.
 */
export async function waitForBulkProjection(databaseUrl: string, expected: number, timeoutMs: number, log?: SeedLog): Promise<boolean> {
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const until = Date.now() + timeoutMs;
    const first = await positions(pool);
    const from = first.checkpoint?.gp ?? 0;
    const to = first.head?.gp ?? 0;
    const progress = new Progress('events projected', Math.max(0, to - from), log);
    let lastGp = from;
    let movedAt = Date.now();
    let warned = false;
    for (let p = first; ; p = await positions(pool, first.head)) {
      const gp = p.checkpoint?.gp ?? 0;
      if (p.reached) {
        progress.done(Math.max(0, to - from));
        break;
      }
      progress.update(Math.min(Math.max(0, gp - from), to - from));
      if (gp !== lastGp) {
        lastGp = gp;
        movedAt = Date.now();
      } else if (!warned && Date.now() - movedAt > 30_000) {
        warned = true;
        (log ?? console.log)(`${log || !process.stdout.isTTY ? '' : '\n'}> seed: the profiles projection has not moved for 30 s: is the directory service running? (npm start runs it)`);
      }
      if (Date.now() > until) return false;
      await sleep(1000);
    }
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${SCHEMA}.profiles WHERE email LIKE '%@bulk.example.test'`);
    return rows[0].n >= expected;
  } finally {
    await pool.end();
  }
}

// --- CLI ----------------------------------------------------------------------------------------

function signingKeyFromEnv(): string {
  if (process.env.ACTOR_SIGNING_KEY) return process.env.ACTOR_SIGNING_KEY;
  const file = join(process.cwd(), '.data', 'actor-signing-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  return actorSigningKey(process.env);
}

/** NATS_URL; else, after npm start ran its own nats-server (one user per app), the gateway's user from .data/nats. */
function natsUrlFromEnv(): string {
  if (process.env.NATS_URL) return process.env.NATS_URL;
  const file = join(process.cwd(), '.data', 'nats', 'passwords.json');
  const password = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).gateway : undefined;
  return password ? `nats://gateway:${encodeURIComponent(password)}@127.0.0.1:4222` : 'nats://127.0.0.1:4222';
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/credentialing';
  const profiles = count('--profiles', 0);
  if (profiles > 0) {
    const from = count('--from', 0);
    console.log(`> seed: appending ${profiles.toLocaleString('en-US')} profiles to the directory's event store`);
    const r = await bulkProfiles({
      databaseUrl,
      profiles,
      from,
      batch: count('--batch', 1000),
      writers: count('--writers', 0) || undefined,
      viaAppend: process.argv.includes('--via-append'),
    });
    console.log(`> seed: appended ${r.appended.toLocaleString('en-US')} events in ${r.seconds.toFixed(1)} s (${Math.round(r.appended / r.seconds).toLocaleString('en-US')}/s)`);
    const t = Date.now();
    if (process.argv.includes('--no-wait')) return;
    const ok = await waitForBulkProjection(databaseUrl, from + profiles, count('--wait-minutes', 30) * 60_000);
    console.log(
      ok
        ? `> seed: projected into the users grid ${((Date.now() - t) / 1000).toFixed(1)} s after the last append`
        : '> seed: the read model has not caught up yet (is the directory service running? it projects them when it runs)',
    );
    return;
  }
  await seedDemo({
    databaseUrl,
    natsUrl: natsUrlFromEnv(),
    signingKey: signingKeyFromEnv(),
    uploadDir: process.env.UPLOAD_DIR ?? join(process.cwd(), '.data', 'uploads'),
    providers: count('--providers', 200),
    staff: count('--staff', 30),
    ifEmpty: process.argv.includes('--if-empty'),
  });
}

if (require.main === module)
  main().catch((e) => {
    console.error(`> seed failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
