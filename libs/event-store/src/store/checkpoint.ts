import type { Checkpoint, RecordedEvent } from './event-store.types';

/** The checkpoint right after `event`. */
export function checkpointOf(event: Pick<RecordedEvent, 'transactionId' | 'globalPosition'>): NonNullable<Checkpoint> {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition };
}

/** Orders checkpoints by `(transactionId, globalPosition)`; `null` is before everything. */
export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  const tx = cmp(BigInt(a.transactionId), BigInt(b.transactionId));
  return tx !== 0 ? tx : cmp(BigInt(a.globalPosition), BigInt(b.globalPosition));
}

/** True when `checkpoint` is at or past `target`. */
export function hasReached(checkpoint: Checkpoint, target: Checkpoint): boolean {
  return compareCheckpoints(checkpoint, target) >= 0;
}

function cmp(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
