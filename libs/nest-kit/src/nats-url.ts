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
