import type { Decider } from '@app/event-store';
import { Conflict, NotFound } from '@app/errors';
import {
  EMPTY_DETAILS,
  type AccountCopy,
  type ProfileChanges,
  type ProfileDetails,
  type ProfileEvent,
  type ProfileRoles,
} from './profile.events';

/**
 * The profile of one person (stream `profile-<accountId>`), as a pure decider: the directory's
 * details (names, NPI, credentials, specialty, organisation, mailing address, phones, website,
 * description, images), a copy of the account's sign-in identifiers and roles, and when it last
 * changed. `draft` is step 1 of "create user" (see ProfileDrafted).
 */
export type ProfileState =
  | { status: 'none' }
  | {
      status: 'draft';
      profileId: string;
      requestKey: string;
      /** What the create-user request asked for (a hash): a retry must ask for the same. */
      requestFingerprint?: string;
      details: ProfileDetails;
      roles: Pick<ProfileRoles, 'isAdmin' | 'isProvider'>;
    }
  | (ProfileRecord & { status: 'active' })
  | (ProfileRecord & { status: 'deleted' });

type ProfileRecord = { profileId: string; account: AccountCopy; roles: ProfileRoles; details: ProfileDetails; lastUpdate: string; requestFingerprint?: string };

export type ActiveProfile = ProfileRecord & { status: 'active' };

export const initialProfileState = (): ProfileState => ({ status: 'none' });

export type ProfileCommand =
  | {
      type: 'DraftProfile';
      data: {
        profileId: string;
        requestKey: string;
        fingerprint?: string;
        details: ProfileDetails;
        roles: Pick<ProfileRoles, 'isAdmin' | 'isProvider'>;
        now: Date;
        by: string | null;
      };
    }
  | {
      /** The account exists in identity (its AccountRegistered, or the create-user request after registering it). */
      type: 'CreateProfile';
      data: {
        profileId: string;
        account: AccountCopy;
        roles: ProfileRoles;
        names: { firstName?: string | null; lastName?: string | null; displayName?: string | null };
        now: Date;
        by: string | null;
      };
    }
  | { type: 'UpdateProfile'; data: { changes: ProfileChanges; now: Date; by: string | null } }
  | { type: 'ChangeImage'; data: { image: 'banner' | 'avatar'; url: string; now: Date; by: string | null } }
  | { type: 'SyncAccount'; data: { account: Partial<AccountCopy>; roles?: ProfileRoles; now: Date } }
  | { type: 'DeleteProfile'; data: { now: Date; by: string | null } };

export class ProfileNotFound extends NotFound {
  constructor() {
    super('Profile not found');
  }
}

/** A create-user request key already used for another person. */
export class ProfileRequestConflict extends Conflict {
  constructor(message = 'This profile was already created from another request') {
    super(message, 'requestId');
  }
}

/** Another person's profile holds this NPI already (claimed in the append's transaction). */
export class ProfileNpiTaken extends Conflict {
  constructor() {
    super('NPI already in use', 'npi');
  }
}

/** The same create-user request key (Idempotency-Key or requestId) sent again with another payload. */
export class RequestKeyReused extends ProfileRequestConflict {
  constructor() {
    super('This request id was already used for another request');
  }
}

/** A retry must carry the payload of the first request (when both are known). */
export function assertSameRequest(state: ProfileState, fingerprint: string | undefined): void {
  if (state.status === 'none' || !fingerprint || !state.requestFingerprint) return;
  if (state.requestFingerprint !== fingerprint) throw new RequestKeyReused();
}

function activeProfile(state: ProfileState): ActiveProfile {
  if (state.status !== 'active') throw new ProfileNotFound();
  return state;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `changes` whose value differs from `details`. */
export function changedFields(details: ProfileDetails, changes: ProfileChanges): ProfileChanges {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes) as [keyof ProfileDetails, unknown][]) {
    if (value === undefined) continue;
    if (!same(details[key], value)) out[key] = value;
  }
  return out as ProfileChanges;
}

export function decideProfile(command: ProfileCommand, state: ProfileState): ProfileEvent[] {
  switch (command.type) {
    case 'DraftProfile': {
      const { profileId, requestKey, fingerprint, details, roles, now, by } = command.data;
      assertSameRequest(state, fingerprint);
      if (state.status === 'active' || state.status === 'deleted') {
        // A retried request whose profile exists already: nothing more to draft.
        if (state.status === 'active') return [];
        throw new ProfileRequestConflict();
      }
      if (state.status === 'draft' && same(state.details, details) && same(state.roles, roles)) return [];
      return [
        {
          type: 'ProfileDrafted',
          data: { profileId, requestKey, ...(fingerprint ? { fingerprint } : {}), details, roles, draftedAt: now.toISOString(), draftedBy: by },
        },
      ];
    }
    case 'CreateProfile': {
      const { profileId, account, roles, names, now, by } = command.data;
      if (state.status === 'active' || state.status === 'deleted') return [];
      const draft = state.status === 'draft' ? state.details : EMPTY_DETAILS;
      const details: ProfileDetails = {
        ...draft,
        firstName: draft.firstName ?? names.firstName ?? null,
        lastName: draft.lastName ?? names.lastName ?? null,
        displayName: draft.displayName ?? names.displayName ?? null,
      };
      const merged: ProfileRoles =
        state.status === 'draft'
          ? { isAdmin: roles.isAdmin || state.roles.isAdmin, isProvider: roles.isProvider || state.roles.isProvider, isMasterAdmin: roles.isMasterAdmin }
          : roles;
      return [{ type: 'ProfileCreated', data: { profileId, account, roles: merged, details, createdAt: now.toISOString(), createdBy: by } }];
    }
    case 'UpdateProfile': {
      const profile = activeProfile(state);
      const { now, by } = command.data;
      const changes = changedFields(profile.details, command.data.changes);
      if (!Object.keys(changes).length) return [];
      return [{ type: 'ProfileUpdated', data: { profileId: profile.profileId, changes, updatedAt: now.toISOString(), updatedBy: by } }];
    }
    case 'ChangeImage': {
      const profile = activeProfile(state);
      const { image, url, now, by } = command.data;
      const current = image === 'banner' ? profile.details.bannerImageUrl : profile.details.avatarImageUrl;
      if (current === url) return [];
      return [{ type: 'ProfileImageChanged', data: { profileId: profile.profileId, image, url, changedAt: now.toISOString(), changedBy: by } }];
    }
    case 'SyncAccount': {
      // Identity's news about an account whose profile is not (or no longer) active changes nothing.
      if (state.status !== 'active') return [];
      const { now } = command.data;
      const account: Partial<AccountCopy> = {};
      for (const [k, v] of Object.entries(command.data.account) as [keyof AccountCopy, string | null | undefined][]) {
        if (v !== undefined && state.account[k] !== v) (account as Record<string, unknown>)[k] = v;
      }
      const roles = command.data.roles && !same(command.data.roles, state.roles) ? command.data.roles : undefined;
      if (!Object.keys(account).length && !roles) return [];
      return [{ type: 'ProfileAccountChanged', data: { profileId: state.profileId, account, ...(roles ? { roles } : {}), changedAt: now.toISOString() } }];
    }
    case 'DeleteProfile': {
      const profile = activeProfile(state);
      return [{ type: 'ProfileDeleted', data: { profileId: profile.profileId, deletedAt: command.data.now.toISOString(), deletedBy: command.data.by } }];
    }
  }
}

export function evolveProfile(state: ProfileState, event: ProfileEvent): ProfileState {
  switch (event.type) {
    case 'ProfileDrafted':
      return {
        status: 'draft',
        profileId: event.data.profileId,
        requestKey: event.data.requestKey,
        ...(event.data.fingerprint ? { requestFingerprint: event.data.fingerprint } : {}),
        details: event.data.details,
        roles: event.data.roles,
      };
    case 'ProfileCreated': {
      const d = event.data;
      const requestFingerprint = state.status === 'draft' ? state.requestFingerprint : undefined;
      return {
        status: 'active',
        profileId: d.profileId,
        account: d.account,
        roles: d.roles,
        details: d.details,
        lastUpdate: d.createdAt,
        ...(requestFingerprint ? { requestFingerprint } : {}),
      };
    }
    case 'ProfileUpdated':
      if (state.status !== 'active') return state;
      return { ...state, details: { ...state.details, ...event.data.changes }, lastUpdate: event.data.updatedAt };
    case 'ProfileImageChanged':
      if (state.status !== 'active') return state;
      return {
        ...state,
        details: { ...state.details, [event.data.image === 'banner' ? 'bannerImageUrl' : 'avatarImageUrl']: event.data.url },
        lastUpdate: event.data.changedAt,
      };
    case 'ProfileAccountChanged':
      if (state.status !== 'active') return state;
      return {
        ...state,
        account: { ...state.account, ...event.data.account },
        roles: event.data.roles ?? state.roles,
        lastUpdate: event.data.changedAt,
      };
    case 'ProfileDeleted':
      if (state.status !== 'active') return state;
      return { ...state, status: 'deleted', lastUpdate: event.data.deletedAt };
  }
}

export const profileDecider: Decider<ProfileState, ProfileCommand, ProfileEvent> = {
  decide: decideProfile,
  evolve: evolveProfile,
  initialState: initialProfileState,
};

export const profileStreamId = (profileId: string) => `profile-${profileId}`;
