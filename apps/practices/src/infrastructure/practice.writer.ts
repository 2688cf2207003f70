import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { ConcurrencyConflictError, PostgresEventStore, handleCommand, loadAggregate, type EventMetadata } from '@app/event-store';
import { Conflict, EventPipeline, currentContext } from '@app/nest-kit';
import { practices } from '@app/contracts';
import { MESSAGES } from '@app/validation';
import { decidePractice, evolvePractice, initialPracticeState, practiceStreamId, type PracticeCommand, type PracticeState } from '../domain/practice.aggregate';
import type { PracticeEvent } from '../domain/practice.events';

export type PracticeWriteResult = { newEvents: PracticeEvent[]; state: PracticeState; globalPositions: string[] };

/** The unique values of a practice (lower case), as `practice_claims` holds them. */
export type ClaimKind = 'npi' | 'userName' | 'email';
export type Claims = Partial<Record<ClaimKind, string>>;

const TAKEN: Record<ClaimKind, () => Conflict> = {
  npi: () => new Conflict(practices.NPI_TAKEN, 'npi'),
  userName: () => new Conflict(MESSAGES.userNameTaken, 'userName'),
  email: () => new Conflict(MESSAGES.emailInUse, 'email'),
};

/** A name-based UUID (v5-style, SHA-1): the same name gives the same id, in every process. */
export function uuidFromName(name: string, namespace: string): string {
  const h = createHash('sha1').update(`${namespace}:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export const claimValue = (kind: ClaimKind, v: string) => (kind === 'npi' ? v.trim() : v.trim().toLowerCase());

/**
 * Runs a command on a practice through the event store's command helper (load, decide, append
 * with the loaded version; concurrent writers retry; 409 when retries run out). The practice's
 * unique values are claimed in the append's transaction: `claim` takes (or moves) them, `release`
 * frees them all; a value another practice took meanwhile fails the whole command with 409.
 */
@Injectable()
export class PracticeWriter {
  constructor(
    private readonly store: PostgresEventStore,
    private readonly pipeline: EventPipeline,
  ) {}

  async execute(practiceId: string, command: PracticeCommand, opts: { claim?: Claims; release?: boolean } = {}): Promise<PracticeWriteResult> {
    try {
      const result = await handleCommand<PracticeState, PracticeEvent>(
        this.store,
        practiceStreamId(practiceId),
        (state) => {
          const events = decidePractice(command, state);
          const claims = events.length ? this.claimsToWrite(opts.claim, events) : {};
          const release = opts.release && events.some((e) => e.type === 'PracticeDeleted');
          return {
            events,
            inTransaction: Object.keys(claims).length || release ? (client) => this.writeClaims(client, practiceId, claims, !!release) : undefined,
          };
        },
        evolvePractice,
        initialPracticeState,
        { metadata: this.metadata() },
      );
      return { newEvents: result.newEvents as PracticeEvent[], state: result.newState, globalPositions: result.globalPositions };
    } catch (err) {
      if (err instanceof ConcurrencyConflictError) throw new Conflict('The practice was changed at the same time; please try again');
      throw err;
    }
  }

  /**
   * Whether the practice would accept the command now (its decider run on the current state,
   * nothing appended): throws the decider's 403/404 when not. For what must be refused before
   * work is done, e.g. storing an upload.
   */
  async check(practiceId: string, command: PracticeCommand): Promise<void> {
    const { state } = await loadAggregate<PracticeState, PracticeEvent>(this.store, practiceStreamId(practiceId), evolvePractice, initialPracticeState);
    decidePractice(command, state);
  }

  /** Only the claims whose value the events actually set (a created practice, a changed user name). */
  private claimsToWrite(claim: Claims | undefined, events: PracticeEvent[]): Claims {
    if (!claim) return {};
    if (events.some((e) => e.type === 'PracticeCreated')) return claim;
    const renamed = events.some((e) => e.type === 'PracticeProfileUpdated' && e.data.changes.userName !== undefined);
    return renamed && claim.userName ? { userName: claim.userName } : {};
  }

  private async writeClaims(client: PoolClient, practiceId: string, claims: Claims, release: boolean): Promise<void> {
    if (release) {
      await client.query('DELETE FROM practice_claims WHERE practice_id = $1', [practiceId]);
      return;
    }
    for (const [kind, value] of Object.entries(claims) as [ClaimKind, string][]) {
      await client.query('DELETE FROM practice_claims WHERE practice_id = $1 AND kind = $2', [practiceId, kind]);
      const res = await client.query('INSERT INTO practice_claims (kind, value, practice_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
        kind,
        claimValue(kind, value),
        practiceId,
      ]);
      if (res.rowCount === 0) throw TAKEN[kind]();
    }
  }

  /** Read-your-writes for the practices read model (bounded; false when it lags). */
  projected(result: { globalPositions: string[] }): Promise<boolean> {
    return this.pipeline.projected(result.globalPositions, { projections: ['practices'] });
  }

  private metadata(): EventMetadata {
    const ctx = currentContext();
    return {
      ...(ctx?.correlationId ? { correlationId: ctx.correlationId } : {}),
      ...(ctx?.actor ? { actorId: ctx.actor.userId } : {}),
    };
  }
}
