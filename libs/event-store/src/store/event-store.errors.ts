import type { Claim, ExpectedVersion } from './event-store.types';

/** The stream is not at the version the caller expected. Reload and retry; never merged. */
export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream '${streamId}' is at version ${actual}, expected ${expected === 'no-stream' ? 'no stream' : expected}`);
  }
}

/**
 * Some of the appended event ids are already stored, but not as this exact append
 * (another stream, or only part of the batch). Appending the same batch again is a no-op;
 * this is a programming error.
 */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(
    readonly streamId: string,
    readonly eventIds: string[],
  ) {
    super(`Event ids already stored elsewhere than in this append to '${streamId}': ${eventIds.join(', ')}`);
  }
}

/**
 * A command kept losing the race for its stream: every retry found that another writer had
 * appended in between. Nothing was written. The caller may try again (HTTP 409).
 */
export class ConcurrencyConflictError extends Error {
  override readonly name = 'ConcurrencyConflictError';
  constructor(
    readonly streamId: string,
    readonly attempts: number,
    cause?: unknown,
  ) {
    super(`Stream '${streamId}' kept changing while the command was decided (${attempts} attempts); nothing was written`, { cause });
  }
}

/** How to reset the checkpoints of a service's schema (README, "Startup guard"). */
export function checkpointResetCommand(schema: string): string {
  return `node dist/libs/event-store/src/reset-checkpoints.js ${schema}   (or SQL: DELETE FROM "${schema}".checkpoints)`;
}

/**
 * A checkpoint points past everything this database holds: a restored dump, or the service
 * pointed at the wrong database. Reading on would skip every new event, so the service refuses
 * to start until the checkpoints are reset (the read models are then rebuilt, the relay
 * publishes again).
 */
export class CheckpointAheadError extends Error {
  override readonly name = 'CheckpointAheadError';
  constructor(
    readonly schema: string,
    readonly checkpoints: Array<{ name: string; transactionId: string; globalPosition: string; reason: string }>,
    readonly head: { transactionId: string; globalPosition: string } | null,
  ) {
    super(
      `Refusing to start: checkpoint(s) of "${schema}" are ahead of its event store (a restored database, or the wrong one?): ` +
        checkpoints.map((c) => `'${c.name}' at (${c.transactionId}, ${c.globalPosition}) ${c.reason}`).join('; ') +
        `; the store's head is ${head ? `(${head.transactionId}, ${head.globalPosition})` : 'empty'}. ` +
        `Reading on would skip new events. If this is the right database, reset the checkpoints: ${checkpointResetCommand(schema)}; ` +
        `the read models are then rebuilt from the events at the next start and the relay publishes every event again ` +
        `(consumers deduplicate by event id). See libs/event-store/README.md, "Startup guard".`,
    );
  }
}

/** An append's claim is held by another owner: nothing was stored (a 409 for the caller). */
export class ClaimTakenError extends Error {
  override readonly name = 'ClaimTakenError';
  constructor(
    readonly claim: Claim,
    readonly holder: string,
  ) {
    super(`'${claim.value}' in ${claim.scope} is held by ${holder}`);
  }
}
