/**
 * Anchors: the security log's head (sequence, hash, time) written somewhere the database cannot
 * reach (a JetStream stream, a file, a notary). The chain proves that nothing before an entry
 * was changed; an anchor proves that the entry itself, and so everything before it, existed
 * with that hash. Pure functions here; JetStream in `anchor-stream.ts`, files in `anchor-file.ts`.
 */

/** One anchor, as stored (one JSON object; one line of an anchor file). */
export type Anchor = {
  kind: 'security-log-anchor';
  v: 1;
  /** Postgres schema of the log (DATABASE_SCHEMA): anchors of another deployment are ignored. */
  schema: string;
  /** The head entry when anchored. */
  seq: number;
  hash: string;
  /** The head entry's time. */
  entryTime: string;
  /** When the anchor was taken. */
  anchoredAt: string;
};

/** Where an anchor was read from, for the report ("jetstream AUDIT_ANCHORS #12", "file anchors.jsonl:3"). */
export type SourcedAnchor = Anchor & { source: string };

export type LogHead = { seq: number; hash: string; occurredAt: string };

export function anchorOf(schema: string, head: LogHead, now = new Date()): Anchor {
  return { kind: 'security-log-anchor', v: 1, schema, seq: head.seq, hash: head.hash, entryTime: head.occurredAt, anchoredAt: now.toISOString() };
}

/** One line of text; fixed key order so a printed anchor reads the same everywhere. */
export function formatAnchor(a: Anchor): string {
  const { kind, v, schema, seq, hash, entryTime, anchoredAt } = a;
  return JSON.stringify({ kind, v, schema, seq, hash, entryTime, anchoredAt });
}

const HASH = /^[0-9a-f]{64}$/;

/** Parses one anchor; throws naming what is wrong. */
export function parseAnchor(text: string): Anchor {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error('not JSON');
  }
  if (!o || typeof o !== 'object' || o.kind !== 'security-log-anchor') throw new Error("not a security log anchor (kind must be 'security-log-anchor')");
  if (o.v !== 1) throw new Error(`unknown anchor version ${String(o.v)}`);
  if (typeof o.schema !== 'string' || !o.schema) throw new Error('schema is missing');
  if (typeof o.seq !== 'number' || !Number.isSafeInteger(o.seq) || o.seq < 1) throw new Error('seq must be a positive integer');
  if (typeof o.hash !== 'string' || !HASH.test(o.hash)) throw new Error('hash must be 64 lower-case hex digits');
  for (const k of ['entryTime', 'anchoredAt'] as const) {
    if (typeof o[k] !== 'string' || Number.isNaN(Date.parse(o[k] as string))) throw new Error(`${k} must be an ISO time`);
  }
  return {
    kind: 'security-log-anchor',
    v: 1,
    schema: o.schema,
    seq: o.seq,
    hash: o.hash,
    entryTime: o.entryTime as string,
    anchoredAt: o.anchoredAt as string,
  };
}

export const sameHead = (a: Pick<Anchor, 'seq' | 'hash'>, b: Pick<Anchor, 'seq' | 'hash'>) => a.seq === b.seq && a.hash === b.hash;

export type AnchorMismatch = { anchor: SourcedAnchor; found: string };

/**
 * Checks anchors against the log, while the chain is walked: `at(seq, hash)` for every entry in
 * order, then `end(lastSeq)`. Reports the first anchor whose entry has another hash, and the
 * newest anchor beyond the table's end (entries missing from the tail).
 */
export class AnchorCheck {
  private readonly bySeq = new Map<number, SourcedAnchor[]>();
  private mismatch: AnchorMismatch | null = null;
  private matched = 0;
  readonly newest: SourcedAnchor | null;

  constructor(readonly anchors: readonly SourcedAnchor[]) {
    let newest: SourcedAnchor | null = null;
    for (const a of anchors) {
      const list = this.bySeq.get(a.seq) ?? [];
      list.push(a);
      this.bySeq.set(a.seq, list);
      if (!newest || a.seq > newest.seq) newest = a;
    }
    this.newest = newest;
  }

  /** The entry `seq` has `hash`: every anchor at `seq` must say the same. */
  at(seq: number, hash: string): AnchorMismatch | null {
    for (const a of this.bySeq.get(seq) ?? []) {
      if (a.hash === hash) this.matched++;
      else if (!this.mismatch) this.mismatch = { anchor: a, found: hash };
    }
    return this.mismatch;
  }

  /** After the walk: the anchors checked, the first mismatch, and how many anchored entries lie beyond `lastSeq`. */
  result(lastSeq: number): AnchorReport {
    const beyond = this.newest && this.newest.seq > lastSeq ? this.newest : null;
    return {
      count: this.anchors.length,
      matched: this.matched,
      newest: this.newest,
      mismatch: this.mismatch,
      missingTail: beyond ? { count: beyond.seq - lastSeq, anchor: beyond } : null,
    };
  }
}

export type AnchorReport = {
  /** Anchors of this log that were read. */
  count: number;
  /** Anchors whose entry was found with the anchored hash. */
  matched: number;
  newest: SourcedAnchor | null;
  /** The first anchor whose entry has another hash: the chain up to it was changed or rebuilt from edited events. */
  mismatch: AnchorMismatch | null;
  /** The newest anchor lies beyond the table's last entry: entries were removed from the tail. */
  missingTail: { count: number; anchor: SourcedAnchor } | null;
};
