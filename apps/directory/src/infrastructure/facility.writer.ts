import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { PostgresEventStore } from '@app/event-store';
import { AggregateWriter, EventPipeline } from '@app/nest-kit';
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

/**
 * The facility aggregate on the kit's one writer. In the append's transaction it keeps
 * `facility_npi_claims` in step: a created facility claims (owner, NPI), an NPI change moves the
 * claim, a delete frees it. A claim held by another facility of the same admin is a 409, and
 * nothing is appended.
 */
@Injectable()
export class FacilityWriter extends AggregateWriter<FacilityState, FacilityEvent, FacilityCommand> {
  constructor(store: PostgresEventStore, pipeline: EventPipeline) {
    super(store, pipeline, {
      streamId: facilityStreamId,
      decide: decideFacility,
      evolve: evolveFacility,
      initialState: initialFacilityState,
      projections: ['facilities'],
      conflict: 'The facility was changed at the same time; please try again',
      inTransaction: facilityNpiClaims,
    });
  }
}

async function facilityNpiClaims(client: PoolClient, { state, events }: { state: FacilityState; events: FacilityEvent[] }): Promise<void> {
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
