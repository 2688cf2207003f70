import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { ConcurrencyConflictError, PostgresEventStore, handleCommand, loadAggregate, type EventMetadata } from '@app/event-store';
import { Conflict, EventPipeline, currentContext } from '@app/nest-kit';
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

export type FacilityWriteResult = { newEvents: FacilityEvent[]; state: FacilityState; globalPositions: string[] };

/**
 * Runs a command on a facility through the event store's command helper (load, decide, append
 * with the loaded version; concurrent writers retry). In the append's transaction it keeps
 * `facility_npi_claims` in step: a created facility claims (owner, NPI), an NPI change moves the
 * claim, a delete frees it. A claim held by another facility of the same admin is a 409, and
 * nothing is appended.
 */
@Injectable()
export class FacilityWriter {
  constructor(
    private readonly store: PostgresEventStore,
    private readonly pipeline: EventPipeline,
  ) {}

  async execute(facilityId: string, command: FacilityCommand): Promise<FacilityWriteResult> {
    try {
      const result = await handleCommand<FacilityState, FacilityEvent>(
        this.store,
        facilityStreamId(facilityId),
        (state) => {
          const events = decideFacility(command, state);
          return { events, inTransaction: events.length ? (client: PoolClient) => this.claims(client, state, events) : undefined };
        },
        evolveFacility,
        initialFacilityState,
        { metadata: this.metadata() },
      );
      return { newEvents: result.newEvents as FacilityEvent[], state: result.newState, globalPositions: result.globalPositions };
    } catch (err) {
      if (err instanceof ConcurrencyConflictError) throw new Conflict('The facility was changed at the same time; please try again');
      throw err;
    }
  }

  async load(facilityId: string): Promise<FacilityState> {
    return (await loadAggregate<FacilityState, FacilityEvent>(this.store, facilityStreamId(facilityId), evolveFacility, initialFacilityState)).state;
  }

  /** Read-your-writes for the facilities read model (bounded; false when it lags). */
  projected(result: { globalPositions: string[] }): Promise<boolean> {
    return this.pipeline.projected(result.globalPositions, { projections: ['facilities'] });
  }

  private async claims(client: PoolClient, state: FacilityState, events: FacilityEvent[]): Promise<void> {
    const claim = async (ownerId: string, npi: string, id: string) => {
      const r = await client.query(
        `INSERT INTO facility_npi_claims (owner_id, npi, facility_id) VALUES ($1, $2, $3)
         ON CONFLICT (owner_id, npi) DO UPDATE SET facility_id = EXCLUDED.facility_id WHERE facility_npi_claims.facility_id = EXCLUDED.facility_id`,
        [ownerId, npi, id],
      );
      if (r.rowCount === 0) throw new FacilityNpiTaken();
    };
    const release = (ownerId: string, npi: string, id: string) =>
      client.query('DELETE FROM facility_npi_claims WHERE owner_id = $1 AND npi = $2 AND facility_id = $3', [ownerId, npi, id]);
    for (const e of events) {
      switch (e.type) {
        case 'FacilityCreated':
          await claim(e.data.ownerId, e.data.details.npi, e.data.facilityId);
          break;
        case 'FacilityUpdated':
          if (e.data.changes.npi !== undefined && state.status !== 'none') {
            await release(e.data.ownerId, state.details.npi, e.data.facilityId);
            await claim(e.data.ownerId, e.data.changes.npi, e.data.facilityId);
          }
          break;
        case 'FacilityDeleted':
          if (state.status !== 'none') await release(e.data.ownerId, state.details.npi, e.data.facilityId);
          break;
      }
    }
  }

  private metadata(): EventMetadata {
    const ctx = currentContext();
    return { ...(ctx?.correlationId ? { correlationId: ctx.correlationId } : {}), ...(ctx?.actor ? { actorId: ctx.actor.userId } : {}) };
  }
}
