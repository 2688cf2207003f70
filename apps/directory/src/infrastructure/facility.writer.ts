import { Inject, Injectable } from '@nestjs/common';
import type { Claim } from '@app/event-store';
import { AggregateWriter, EventPipeline, EVENT_STORE, type WriterStore } from '@app/nest-kit';
import {
  FacilityNpiTaken,
  decideFacility,
  evolveFacility,
  facilityStreamId,
  initialFacilityState,
  type FacilityCommand,
  type FacilityState,
} from '../domain/facility.aggregate';
import type { FacilityEvent } from '../domain/facility.events';

/** An active facility holds its NPI among its admin's facilities (value '<admin id>:<npi>'). */
export function facilityClaims(state: FacilityState): Claim[] {
  if (state.status !== 'active') return [];
  return [{ scope: 'facility.npi', value: `${state.ownerId}:${state.details.npi}`, owner: state.facilityId }];
}

/**
 * The facility aggregate on the kit's one writer. Its NPI claim moves with its state, in the
 * append: a created facility claims (admin, NPI), an NPI change moves the claim, a delete frees
 * it. A claim held by another facility of the same admin is a 409, and nothing is appended.
 */
@Injectable()
export class FacilityWriter extends AggregateWriter<FacilityState, FacilityEvent, FacilityCommand> {
  /** `store`: the service's event store (Postgres, or KurrentDB with EVENT_STORE=kurrentdb). */
  constructor(@Inject(EVENT_STORE) store: WriterStore, pipeline: EventPipeline) {
    super(store, pipeline, {
      streamId: facilityStreamId,
      decide: decideFacility,
      evolve: evolveFacility,
      initialState: initialFacilityState,
      projections: ['facilities'],
      conflict: 'The facility was changed at the same time; please try again',
      claims: facilityClaims,
      taken: () => new FacilityNpiTaken(),
    });
  }
}
