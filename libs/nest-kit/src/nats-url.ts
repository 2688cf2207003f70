/**
 * NATS_URL may carry credentials (nats://identity:secret@nats:4222) and several servers
 * separated by commas. NATS clients take them as separate options, so split them here. With a
 * user, replies come back on `_INBOX.<user>.…` (the client's inboxPrefix): the deployment's
 * NATS configuration lets each app subscribe to its own inbox only (deploy/nats/nats-server.conf).
 */
export type NatsConnectionOptions = { servers: string[]; user?: string; pass?: string; inboxPrefix?: string };

export function natsConnectionOptions(natsUrl: string): NatsConnectionOptions {
  const servers: string[] = [];
  let user: string | undefined;
  let pass: string | undefined;
  for (const entry of natsUrl.split(',').map((s) => s.trim()).filter(Boolean)) {
    const url = new URL(entry.includes('://') ? entry : `nats://${entry}`);
    if (url.username && user === undefined) {
      user = decodeURIComponent(url.username);
      pass = decodeURIComponent(url.password);
    }
    servers.push(`${url.protocol}//${url.host}`);
  }
  if (user === undefined) return { servers };
  // A user name that is not a single subject token keeps the default inbox.
  return { servers, user, pass, ...(/^[A-Za-z0-9_-]+$/.test(user) ? { inboxPrefix: `_INBOX.${user}` } : {}) };
}

/** The URL with any password hidden, for logs. */
export function redactNatsUrl(natsUrl: string): string {
  return natsUrl.replace(/\/\/([^:@/]+):[^@/]*@/g, '//$1:***@');
}

/**
 * How an app's long-lived connection rides out a NATS restart or the loss of one cluster node:
 * reconnect for ever, to any server of the list (and those the cluster announces), soon after
 * the drop (the client's default waits 2 s between attempts, most of a restart's outage), and
 * keep trying when no server answers at boot instead of failing the process.
 */
export const NATS_RECONNECT_OPTIONS = { maxReconnectAttempts: -1, reconnectTimeWait: 250, reconnectJitter: 100, waitOnFirstConnect: true } as const;
