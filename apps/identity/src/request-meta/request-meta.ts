import { UAParser } from 'ua-parser-js';
import { currentContext } from '@app/nest-kit';

/** Request metadata stored with every event: browser name and major version, OS name and version, IP. */
export type RequestMetaData = { ip: string | null; browser: string | null; os: string | null };

/** Parses a User-Agent header: `Chrome 120`, `Windows 10`. Unknown parts are null. */
export function parseUserAgent(userAgent: string | undefined | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const ua = new UAParser(userAgent.slice(0, 512)).getResult();
  const browser = ua.browser.name ? [ua.browser.name, ua.browser.major].filter(Boolean).join(' ') : null;
  const os = ua.os.name ? [ua.os.name, ua.os.version].filter(Boolean).join(' ') : null;
  return { browser, os };
}

/** The metadata of the request being handled (passed by the gateway in NATS headers). */
export function currentRequestMeta(): RequestMetaData {
  const request = currentContext()?.request;
  return { ip: request?.ip?.slice(0, 64) ?? null, ...parseUserAgent(request?.userAgent) };
}
