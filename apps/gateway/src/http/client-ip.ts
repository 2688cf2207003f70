import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyaddr from 'proxy-addr';

export type TrustProxy = (addr: string, i: number) => boolean;

/**
 * Which proxies may tell the client's address in `X-Forwarded-For`: a comma-separated list of
 * IPs, CIDRs or proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`). Empty: none, the
 * socket's address is the client's. Throws on an entry that is none of these.
 */
export function compileTrustProxy(list: string): TrustProxy {
  const entries = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return proxyaddr.compile(entries);
}

/** `::ffff:10.0.0.1` -> `10.0.0.1`; anything else unchanged. */
function plain(ip: string): string {
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip;
}

/**
 * The client's address: walking back from the socket through the trusted proxies only, the
 * first address a trusted proxy vouches for. A forwarded value that is not an IP is ignored
 * (the nearest trusted proxy's address is used). Always a valid IP, or undefined when the
 * socket has none (closed).
 */
export function clientIp(req: IncomingMessage, trust: TrustProxy): string | undefined {
  const chain = proxyaddr.all(req as never, trust);
  for (let i = chain.length - 1; i >= 0; i--) {
    const candidate = chain[i]?.trim();
    if (candidate && isIP(candidate)) return plain(candidate);
  }
  return undefined;
}
