import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ConcurrencyConflictError, PostgresEventStore, handleCommand, loadAggregate, type EventMetadata } from '@app/event-store';
import { Conflict, EventPipeline, currentContext } from '@app/nest-kit';
import type { PoolClient } from 'pg';
import { ProfileNpiTaken, decideProfile, evolveProfile, initialProfileState, profileStreamId, type ProfileCommand, type ProfileState } from '../domain/profile.aggregate';
import type { ProfileEvent } from '../domain/profile.events';

export type ProfileWriteResult = { duplicate: boolean; newEvents: ProfileEvent[]; state: ProfileState; globalPositions: string[] };

/** An identity integration event being handled: recorded as processed in the same transaction. */
export type SourceEvent = { id: string; subject: string; correlationId?: string };

class AlreadyProcessed extends Error {}

/** A name-based UUID (v5-style, SHA-1): the same name gives the same id, in every process. */
export function uuidFromName(name: string, namespace: string): string {
  const h = createHash('sha1').update(`${namespace}:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/**
 * Runs a command on a profile through the event store's command helper: load, decide, append
 * with the loaded version (concurrent writers retry; a 409 when retries run out). With a source
 * event, the event is recorded in `processed_events` in the same transaction, and a second
 * delivery of it does nothing.
 */
@Injectable()
export class ProfileWriter {
  constructor(
    private readonly store: PostgresEventStore,
    private readonly pipeline: EventPipeline,
  ) {}

  async execute(profileId: string, command: ProfileCommand, source?: SourceEvent): Promise<ProfileWriteResult> {
    try {
      const result = await handleCommand<ProfileState, ProfileEvent>(
        this.store,
        profileStreamId(profileId),
        (state) => {
          const events = decideProfile(command, state).map((e, i) => (source ? { ...e, id: uuidFromName(`${source.id}:${i}`, 'directory-profile-events') } : e));
          return {
            events,
            inTransaction: !source && events.length === 0 ? undefined : async (client: PoolClient) => {
              if (source) {
                const fresh = await client.query('INSERT INTO processed_events (event_id, subject) VALUES ($1, $2) ON CONFLICT DO NOTHING', [source.id, source.subject]);
                if (fresh.rowCount === 0) throw new AlreadyProcessed();
              }
              await this.npiClaims(client, profileId, state, events);
            },
          };
        },
        evolveProfile,
        initialProfileState,
        { metadata: this.metadata(source) },
      );
      return { duplicate: false, newEvents: result.newEvents as ProfileEvent[], state: result.newState, globalPositions: result.globalPositions };
    } catch (err) {
      if (err instanceof AlreadyProcessed) return { duplicate: true, newEvents: [], state: initialProfileState(), globalPositions: [] };
      if (err instanceof ConcurrencyConflictError) throw new Conflict('The profile was changed at the same time; please try again');
      throw err;
    }
  }

  /**
   * Keeps `profile_npi_claims` in step in the append's transaction: a draft or a created profile
   * claims its NPI, an NPI change moves the claim, a delete frees it. A claim another profile
   * holds is 'NPI already in use' (409 on npi), and nothing is appended.
   */
  private async npiClaims(client: PoolClient, profileId: string, state: ProfileState, events: ProfileEvent[]): Promise<void> {
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

  /** Frees the NPI a draft claimed when its request was refused (identity said no): nothing holds it then. */
  async releaseDraftNpi(profileId: string): Promise<void> {
    if ((await this.load(profileId)).status !== 'draft') return;
    await this.store.pool.query('DELETE FROM profile_npi_claims WHERE profile_id = $1', [profileId]);
  }

  async load(profileId: string): Promise<ProfileState> {
    return (await loadAggregate<ProfileState, ProfileEvent>(this.store, profileStreamId(profileId), evolveProfile, initialProfileState)).state;
  }

  /** Read-your-writes for the profiles read model (bounded; false when it lags). */
  projected(result: { globalPositions: string[] }): Promise<boolean> {
    return this.pipeline.projected(result.globalPositions, { projections: ['profiles'] });
  }

  private metadata(source: SourceEvent | undefined): EventMetadata {
    const ctx = currentContext();
    const correlationId = source?.correlationId ?? ctx?.correlationId;
    return {
      ...(correlationId ? { correlationId } : {}),
      ...(source ? { causationId: source.id } : {}),
      ...(ctx?.actor ? { actorId: ctx.actor.userId } : {}),
    };
  }
}
