import type { Decider } from '@app/event-store';
import { directory } from '@app/contracts';
import { Conflict, NotFound } from '@app/errors';
import type { FacilityChanges, FacilityDetails, FacilityEvent } from './facility.events';

/**
 * One facility (stream `facility-<facilityId>`), as a pure decider. Only its owner (the admin
 * who added it) may change or delete it; to anyone else it does not exist (404, never 403, so
 * another admin's facilities cannot be discovered). Uniqueness of an NPI among one admin's
 * facilities is the writer's (a claim row written in the append's transaction).
 */
export type FacilityState =
  | { status: 'none' }
  | { status: 'active' | 'deleted'; facilityId: string; ownerId: string; details: FacilityDetails; createdAt: string; updatedAt: string };

export const initialFacilityState = (): FacilityState => ({ status: 'none' });

export type FacilityCommand =
  | { type: 'CreateFacility'; data: { facilityId: string; ownerId: string; details: FacilityDetails; now: Date } }
  | { type: 'UpdateFacility'; data: { ownerId: string; details: FacilityDetails; now: Date } }
  | { type: 'DeleteFacility'; data: { ownerId: string; now: Date } };

export class FacilityNotFound extends NotFound {
  constructor() {
    super(directory.FACILITY_NOT_FOUND);
  }
}

export class FacilityNpiTaken extends Conflict {
  constructor() {
    super(directory.FACILITY_NPI_TAKEN, 'npi');
  }
}

/** A facility id already used (a create sent twice with the same id and different details). */
export class FacilityExists extends Conflict {
  constructor() {
    super('This facility already exists', 'facilityId');
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `next` that differ from `current` (the mailing address whole). */
export function facilityChanges(current: FacilityDetails, next: FacilityDetails): FacilityChanges {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof FacilityDetails)[]) if (!same(current[key], next[key])) out[key] = next[key];
  return out as FacilityChanges;
}

function owned(state: FacilityState, ownerId: string) {
  if (state.status !== 'active' || state.ownerId !== ownerId) throw new FacilityNotFound();
  return state;
}

export function decideFacility(command: FacilityCommand, state: FacilityState): FacilityEvent[] {
  switch (command.type) {
    case 'CreateFacility': {
      const { facilityId, ownerId, details, now } = command.data;
      if (state.status !== 'none') {
        // The same create again (a retry) changes nothing; anything else under this id is a conflict.
        if (state.status === 'active' && state.ownerId === ownerId && same(state.details, details)) return [];
        throw new FacilityExists();
      }
      return [{ type: 'FacilityCreated', data: { facilityId, ownerId, details, createdAt: now.toISOString() } }];
    }
    case 'UpdateFacility': {
      const facility = owned(state, command.data.ownerId);
      const changes = facilityChanges(facility.details, command.data.details);
      if (!Object.keys(changes).length) return [];
      return [{ type: 'FacilityUpdated', data: { facilityId: facility.facilityId, ownerId: facility.ownerId, changes, updatedAt: command.data.now.toISOString() } }];
    }
    case 'DeleteFacility': {
      const facility = owned(state, command.data.ownerId);
      return [{ type: 'FacilityDeleted', data: { facilityId: facility.facilityId, ownerId: facility.ownerId, deletedAt: command.data.now.toISOString() } }];
    }
  }
}

export function evolveFacility(state: FacilityState, event: FacilityEvent): FacilityState {
  switch (event.type) {
    case 'FacilityCreated': {
      const d = event.data;
      return { status: 'active', facilityId: d.facilityId, ownerId: d.ownerId, details: d.details, createdAt: d.createdAt, updatedAt: d.createdAt };
    }
    case 'FacilityUpdated':
      if (state.status !== 'active') return state;
      return { ...state, details: { ...state.details, ...event.data.changes }, updatedAt: event.data.updatedAt };
    case 'FacilityDeleted':
      if (state.status !== 'active') return state;
      return { ...state, status: 'deleted', updatedAt: event.data.deletedAt };
  }
}

export const facilityDecider: Decider<FacilityState, FacilityCommand, FacilityEvent> = {
  decide: decideFacility,
  evolve: evolveFacility,
  initialState: initialFacilityState,
};

export const facilityStreamId = (facilityId: string) => `facility-${facilityId}`;
