import { Inject, Injectable } from '@nestjs/common';
import type { Claim } from '@app/event-store';
import { AggregateWriter, Conflict, EVENT_STORE, EventPipeline, type WriterStore } from '@app/nest-kit';
import { practices } from '@app/contracts';
import { MESSAGES } from '@app/validation';
import { decidePractice, evolvePractice, initialPracticeState, practiceStreamId, type PracticeCommand, type PracticeState } from '../domain/practice.aggregate';
import type { PracticeEvent } from '../domain/practice.events';
import { practiceClaimScope } from '../read-models/practices.schema';

/** The unique values of a practice (NPI as is, the others lower case), as its claims hold them. */
export type ClaimKind = 'npi' | 'userName' | 'email';

const TAKEN: Record<ClaimKind, () => Conflict> = {
  npi: () => new Conflict(practices.NPI_TAKEN, 'npi'),
  userName: () => new Conflict(MESSAGES.userNameTaken, 'userName'),
  email: () => new Conflict(MESSAGES.emailInUse, 'email'),
};

export const claimValue = (kind: ClaimKind, v: string) => (kind === 'npi' ? v.trim() : v.trim().toLowerCase());

/** What an active practice holds, unique among practices: its NPI, user name and email (a deleted one holds nothing). */
export function practiceClaims(state: PracticeState): Claim[] {
  if (state.status !== 'active') return [];
  return (['npi', 'userName', 'email'] as const).map((kind) => ({ scope: practiceClaimScope(kind), value: claimValue(kind, state.details[kind]), owner: state.practiceId }));
}

/**
 * The practice aggregate on the kit's one writer (load, decide, append; 409 when concurrent
 * writers run out of retries). Its claims move with its state, in the append: a created
 * practice takes its NPI, user name and email, a renamed one moves its user name, a deleted one
 * frees them all; a value another practice took meanwhile fails the whole command with 409.
 */
@Injectable()
export class PracticeWriter extends AggregateWriter<PracticeState, PracticeEvent, PracticeCommand> {
  /** `store`: the service's event store (Postgres, or KurrentDB with EVENT_STORE=kurrentdb). */
  constructor(@Inject(EVENT_STORE) store: WriterStore, pipeline: EventPipeline) {
    super(store, pipeline, {
      streamId: practiceStreamId,
      decide: decidePractice,
      evolve: evolvePractice,
      initialState: initialPracticeState,
      projections: ['practices'],
      conflict: 'The practice was changed at the same time; please try again',
      claims: practiceClaims,
      taken: (claim) => TAKEN[claim.scope.slice('practice.'.length) as ClaimKind](),
    });
  }
}
