import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { PostgresEventStore } from '@app/event-store';
import { AggregateWriter, Conflict, EventPipeline, type InTransaction } from '@app/nest-kit';
import { practices } from '@app/contracts';
import { MESSAGES } from '@app/validation';
import { decidePractice, evolvePractice, initialPracticeState, practiceStreamId, type PracticeCommand, type PracticeState } from '../domain/practice.aggregate';
import type { PracticeEvent } from '../domain/practice.events';

/** The unique values of a practice (lower case), as `practice_claims` holds them. */
export type ClaimKind = 'npi' | 'userName' | 'email';
export type Claims = Partial<Record<ClaimKind, string>>;

const TAKEN: Record<ClaimKind, () => Conflict> = {
  npi: () => new Conflict(practices.NPI_TAKEN, 'npi'),
  userName: () => new Conflict(MESSAGES.userNameTaken, 'userName'),
  email: () => new Conflict(MESSAGES.emailInUse, 'email'),
};

export const claimValue = (kind: ClaimKind, v: string) => (kind === 'npi' ? v.trim() : v.trim().toLowerCase());

/** The practice aggregate on the kit's one writer (load, decide, append; 409 when concurrent writers run out of retries). */
@Injectable()
export class PracticeWriter extends AggregateWriter<PracticeState, PracticeEvent, PracticeCommand> {
  constructor(store: PostgresEventStore, pipeline: EventPipeline) {
    super(store, pipeline, {
      streamId: practiceStreamId,
      decide: decidePractice,
      evolve: evolvePractice,
      initialState: initialPracticeState,
      projections: ['practices'],
      conflict: 'The practice was changed at the same time; please try again',
    });
  }
}

/**
 * The practice's unique values, claimed in the append's transaction: `claim` takes (or moves)
 * the values the events set, `release` frees them all when the practice is deleted; a value
 * another practice took meanwhile fails the whole command with 409.
 */
export function practiceClaims(opts: { claim?: Claims; release?: boolean }): InTransaction<PracticeState, PracticeEvent> {
  return async (client, { id, events }) => {
    if (opts.release && events.some((e) => e.type === 'PracticeDeleted')) {
      await client.query('DELETE FROM practice_claims WHERE practice_id = $1', [id]);
      return;
    }
    await writeClaims(client, id, claimsToWrite(opts.claim, events));
  };
}

/** Only the claims whose value the events actually set (a created practice, a changed user name). */
function claimsToWrite(claim: Claims | undefined, events: PracticeEvent[]): Claims {
  if (!claim) return {};
  if (events.some((e) => e.type === 'PracticeCreated')) return claim;
  const renamed = events.some((e) => e.type === 'PracticeProfileUpdated' && e.data.changes.userName !== undefined);
  return renamed && claim.userName ? { userName: claim.userName } : {};
}

async function writeClaims(client: PoolClient, practiceId: string, claims: Claims): Promise<void> {
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
