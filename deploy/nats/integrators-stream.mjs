#!/usr/bin/env node
/**
 * Creates, once per deployment and idempotently, the JetStream stream EVENTS of the NATS
 * account INTEGRATORS: the integrators' own, read-only copy of the integration events. It
 * sources the APP account's stream EVENTS through the cross-account JetStream API that
 * deploy/nats/nats-server.conf exports (API prefix $JS.APP.API, deliver prefix
 * deliver.integrators): JetStream copies every stored event, from the first one the APP
 * stream holds, and resumes where it stopped after a restart or an outage.
 *
 * Runs as the `integrator` user, whose permissions allow creating exactly this stream and
 * nothing that could change or delete it. Exits 0 when the stream exists afterwards.
 *
 *   NATS_URL=nats://integrator:<password>@nats:4222 node deploy/nats/integrators-stream.mjs
 *
 * Environment (all optional but NATS_URL):
 *   NATS_URL                        server(s), comma separated, with the credentials of
 *                                   the integrators' user in the URL (required)
 *   INTEGRATOR_USER                 that user's name (integrator)
 *   INTEGRATOR_DELIVER_PREFIX       the deliver prefix the account imports from APP
 *                                   (deliver.integrators; one per integrators' account)
 *   INTEGRATOR_STREAM_MAX_AGE_DAYS  how long events are kept for integrators (30)
 *   INTEGRATOR_STREAM_MAX_BYTES     size cap, oldest events dropped first (3 GiB;
 *                                   stay under the account's max_file in the config)
 *   INTEGRATOR_STREAM_REPLICAS      JetStream replicas, 1 or 3 on a 3-node cluster (1)
 *   NATS_CONNECT_TIMEOUT_SECONDS    how long to wait for the server to come up (60)
 */
import { jetstreamManager } from '@nats-io/jetstream';
import { AuthorizationError, connect } from '@nats-io/transport-node';

const STREAM = 'EVENTS';
/** The APP account's stream and the names its exports have in the INTEGRATORS account. */
const SOURCE_STREAM = 'EVENTS';
const SOURCE_API = '$JS.APP.API';
const NANOS_PER_SECOND = 1_000_000_000;

function intEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer (got '${raw}')`);
  }
  return value;
}

/** NATS_URL may carry `user:password@`; nats.js wants them as options, not in the URL. */
function connectionOptions(natsUrl) {
  const servers = [];
  let user;
  let pass;
  for (const entry of natsUrl.split(',').map((s) => s.trim()).filter(Boolean)) {
    const url = new URL(entry.includes('://') ? entry : `nats://${entry}`);
    if (url.username && user === undefined) {
      user = decodeURIComponent(url.username);
      pass = decodeURIComponent(url.password);
    }
    servers.push(`${url.protocol}//${url.host}`);
  }
  return { servers, user, pass };
}

function redact(natsUrl) {
  return natsUrl.replace(/\/\/([^:@/]+):[^@/]*@/g, '//$1:***@');
}

async function connectWithRetry(options, deadline) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect({ ...options, name: 'integrators-stream-setup', timeout: 5000 });
    } catch (err) {
      // Wrong credentials do not get better by waiting.
      if (err instanceof AuthorizationError || Date.now() >= deadline) throw err;
      console.log(`NATS not reachable yet (${err?.message ?? err}), retrying (attempt ${attempt})`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}

async function main() {
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const maxAgeDays = intEnv('INTEGRATOR_STREAM_MAX_AGE_DAYS', 30);
  const maxBytes = intEnv('INTEGRATOR_STREAM_MAX_BYTES', 3 * 1024 ** 3);
  const replicas = intEnv('INTEGRATOR_STREAM_REPLICAS', 1);
  const deadline = Date.now() + intEnv('NATS_CONNECT_TIMEOUT_SECONDS', 60) * 1000;
  const deliverPrefix = process.env.INTEGRATOR_DELIVER_PREFIX || 'deliver.integrators';
  if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(deliverPrefix)) {
    throw new Error(`INTEGRATOR_DELIVER_PREFIX must be a subject without wildcards (got '${deliverPrefix}')`);
  }
  const source = { name: SOURCE_STREAM, external: { api: SOURCE_API, deliver: deliverPrefix } };

  const options = connectionOptions(natsUrl);
  // Guard against creating the stream in the wrong account (APP, or the global account
  // of a NATS server without accounts): insist on the integrators' user.
  const expectedUser = process.env.INTEGRATOR_USER || 'integrator';
  if (options.user !== expectedUser) {
    throw new Error(
      `NATS_URL must carry the credentials of user '${expectedUser}' (nats://${expectedUser}:<password>@host:4222), got ${redact(natsUrl)}`,
    );
  }
  const nc = await connectWithRetry(options, deadline);
  console.log(`connected to ${redact(natsUrl)}`);
  try {
    const jsm = await jetstreamManager(nc);
    let info;
    try {
      info = await jsm.streams.info(STREAM);
    } catch (err) {
      // 10059: stream not found.
      if (err?.code !== 10059 && !/stream not found/i.test(String(err?.message))) throw err;
    }
    if (info) {
      const sourced = (info.config.sources ?? []).some((s) => s.name === SOURCE_STREAM && s.external?.api === SOURCE_API);
      if (!sourced) {
        // The stream of an older deployment copied a core-NATS import (at-most-once) that no
        // longer exists: it would stay empty. Its settings cannot be changed by this user.
        throw new Error(
          `stream ${STREAM} of the integrators' account exists but does not source the APP account's stream ` +
            `(subjects ${JSON.stringify(info.config.subjects ?? [])}). Delete it once as an operator ` +
            `(see "Upgrading" in deploy/nats/README.md) and run this again.`,
        );
      }
      console.log(
        `stream ${STREAM} already exists (${info.state.messages} messages, first seq ${info.state.first_seq}); nothing to do`,
      );
      return;
    }
    const config = {
      name: STREAM,
      description: "Integration events sourced from the APP account's stream EVENTS (read-only copy for integrators)",
      // No subjects of its own: every message comes from the source, under its original
      // subject events.<context>.<EventName>, with its Nats-Msg-Id header.
      sources: [source],
      storage: 'file',
      retention: 'limits',
      discard: 'old',
      max_age: maxAgeDays * 24 * 3600 * NANOS_PER_SECOND,
      max_bytes: maxBytes,
      max_msg_size: 8 * 1024 * 1024,
      // The relay publishes at least once with Nats-Msg-Id = event id; the APP stream
      // drops repeats within its window, this one again within its own.
      duplicate_window: 2 * 60 * NANOS_PER_SECOND,
      num_replicas: replicas,
      allow_direct: true,
      deny_delete: true,
      deny_purge: true,
    };
    try {
      await jsm.streams.add(config);
    } catch (err) {
      // Created concurrently by another run: fine.
      if (err?.api_error?.err_code !== 10058) throw err;
    }
    console.log(`created stream ${STREAM} (sourcing the APP account's ${SOURCE_STREAM}, max age ${maxAgeDays} days)`);
  } finally {
    await nc.drain();
  }
}

main().catch((err) => {
  console.error(`integrators stream setup failed: ${err?.message ?? err}`);
  process.exit(1);
});
