import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PostgresEventStore } from '@app/event-store';
import { AggregateWriter, EventPipeline } from '@app/nest-kit';
import type { PoolClient } from 'pg';
import { ProfileNpiTaken, decideProfile, evolveProfile, initialProfileState, profileStreamId, type ProfileCommand, type ProfileState } from '../domain/profile.aggregate';
import type { ProfileEvent } from '../domain/profile.events';

/** A name-based UUID (v5-style, SHA-1): the same name gives the same id, in every process. */
export function uuidFromName(name: string, namespace: string): string {
  const h = createHash('sha1').update(`${namespace}:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/**
 * The profile aggregate on the kit's one writer: load, decide, append with the loaded version
 * (concurrent writers retry; a 409 when retries run out). With a source event (identity's), the
 * event is recorded in `processed_events` in the same transaction, and a second delivery of it
 * does nothing; the events it causes get ids derived from it.
 */
@Injectable()
export class ProfileWriter extends AggregateWriter<ProfileState, ProfileEvent, ProfileCommand> {
  constructor(store: PostgresEventStore, pipeline: EventPipeline) {
    super(store, pipeline, {
      streamId: profileStreamId,
      decide: decideProfile,
      evolve: evolveProfile,
      initialState: initialProfileState,
      projections: ['profiles'],
      conflict: 'The profile was changed at the same time; please try again',
      inTransaction: profileNpiClaims,
      eventId: (_event, i, source) => uuidFromName(`${source.id}:${i}`, 'directory-profile-events'),
    });
  }

  /** Frees the NPI a draft claimed when its request was refused (identity said no): nothing holds it then. */
  async releaseDraftNpi(profileId: string): Promise<void> {
    if ((await this.load(profileId)).status !== 'draft') return;
    await this.store.pool.query('DELETE FROM profile_npi_claims WHERE profile_id = $1', [profileId]);
  }
}

/**
 * Keeps `profile_npi_claims` in step in the append's transaction: a draft or a created profile
 * claims its NPI, an NPI change moves the claim, a delete frees it. A claim another profile
 * holds is 'NPI already in use' (409 on npi), and nothing is appended.
 */
async function profileNpiClaims(client: PoolClient, { id: profileId, state, events }: { id: string; state: ProfileState; events: ProfileEvent[] }): Promise<void> {
  const claim = async (npi: string | null | undefined) => {
    if (!npi) return;
    const r = await client.query(
      `INSERT INTO profile_npi_claims (npi, profile_id) VALUES ($1, $2)
       ON CONFLICT (npi) DO UPDATE SET profile_id = EXCLUDED.profile_id WHERE profile_npi_claims.profile_id = EXCLUDED.profile_id`,
      [npi, profileId],
    );
    if (r.rowCount === 0) throw new ProfileNpiTaken();
  };
  const releaseAll = () => client.query('DELETE FROM profile_npi_claims WHERE profile_id = $1', [profileId]);
  for (const e of events) {
    switch (e.type) {
      case 'ProfileDrafted':
        // A corrected draft (same request) claims its new NPI instead of the old one.
        if (state.status === 'draft' && state.details.npi !== e.data.details.npi) await releaseAll();
        await claim(e.data.details.npi);
        break;
      case 'ProfileCreated':
        await claim(e.data.details.npi);
        break;
      case 'ProfileUpdated':
        if (e.data.changes.npi !== undefined) {
          await releaseAll();
          await claim(e.data.changes.npi);
        }
        break;
      case 'ProfileDeleted':
        await releaseAll();
        break;
    }
  }
}
