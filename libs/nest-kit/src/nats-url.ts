/**
 * NATS_URL may carry credentials (nats://app:secret@nats:4222) and several servers separated
 * by commas. NATS clients take them as separate options, so split them here.
 */
export type NatsConnectionOptions = { servers: string[]; user?: string; pass?: string };

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
  return { servers, ...(user !== undefined ? { user, pass } : {}) };
}

/** The URL with any password hidden, for logs. */
export function redactNatsUrl(natsUrl: string): string {
  return natsUrl.replace(/\/\/([^:@/]+):[^@/]*@/g, '//$1:***@');
}
