import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Claim } from '@app/event-store';
import { AggregateWriter, EventPipeline, EVENT_STORE, type WriterStore } from '@app/nest-kit';
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

/** A draft or a profile holds its NPI (unique among profiles); a deleted one holds nothing. */
export function profileClaims(state: ProfileState): Claim[] {
  if ((state.status !== 'draft' && state.status !== 'active') || !state.details.npi) return [];
  return [{ scope: 'profile.npi', value: state.details.npi, owner: state.profileId }];
}

/**
 * The profile aggregate on the kit's one writer: load, decide, append with the loaded version
 * (concurrent writers retry; a 409 when retries run out). With a source event (identity's), the
 * event is recorded in `processed_events` in the same transaction, and a second delivery of it
 * does nothing; the events it causes get ids derived from it. Its NPI claim moves with its
 * state, in the append ('NPI already in use' on npi when another profile holds it, nothing
 * appended); every append claims it again, since a refused draft gives it up outside an append.
 */
@Injectable()
export class ProfileWriter extends AggregateWriter<ProfileState, ProfileEvent, ProfileCommand> {
  /** `store`: the service's event store (Postgres, or KurrentDB with EVENT_STORE=kurrentdb). */
  constructor(@Inject(EVENT_STORE) store: WriterStore, pipeline: EventPipeline) {
    super(store, pipeline, {
      streamId: profileStreamId,
      decide: decideProfile,
      evolve: evolveProfile,
      initialState: initialProfileState,
      projections: ['profiles'],
      conflict: 'The profile was changed at the same time; please try again',
      claims: profileClaims,
      taken: () => new ProfileNpiTaken(),
      reassertClaims: true,
      eventId: (_event, i, source) => uuidFromName(`${source.id}:${i}`, 'directory-profile-events'),
    });
  }

  /** Frees the NPI a draft claimed when its request was refused (identity said no): nothing holds it then. */
  async releaseDraftNpi(profileId: string): Promise<void> {
    const state = await this.load(profileId);
    if (state.status !== 'draft') return;
    await this.store.releaseClaims(profileClaims(state));
  }
}
