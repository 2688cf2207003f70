import type { ExpectedVersion } from './event-store.types';

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
