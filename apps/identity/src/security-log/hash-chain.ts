import { createHash } from 'node:crypto';

/** prev_hash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** What each entry's hash covers: everything stored about it except the hash itself. */
export type ChainEntry = {
  seq: number;
  eventId: string;
  globalPosition: string;
  streamId: string;
  accountId: string | null;
  type: string;
  occurredAt: string;
  ip: string | null;
  browser: string | null;
  os: string | null;
  details: Record<string, unknown>;
  prevHash: string;
};

/** JSON with object keys sorted at every level (undefined members dropped): one text per value. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** SHA-256 of the entry's canonical JSON, which includes the previous entry's hash. */
export function entryHash(entry: ChainEntry): string {
  return sha256Hex(canonicalJson(entry));
}
