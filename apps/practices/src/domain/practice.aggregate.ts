import type { Decider } from '@app/event-store';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '@app/errors';
import { practices } from '@app/contracts';
import { MESSAGES } from '@app/validation';
import type { AccessType, PracticeChanges, PracticeDetails, PracticeEvent, PracticeUserInput } from './practice.events';

/**
 * One practice (stream `practice-<practiceId>`) as a pure decider: its details, its users with
 * their access types, and the practices' rules: only the master admin creates and deletes; the
 * master admin and the practice's Practice Owners and Practice Managers edit it and its users; a
 * practice always keeps at least one Practice Owner (409 otherwise); its NPI, user name and email
 * are unique among practices (the service looks the claims up and passes them in; the claims
 * table's unique key settles a race in the append's transaction).
 */
export type PracticeUser = { userId: string; accessType: AccessType };

export type PracticeState =
  | { status: 'none' }
  | { status: 'active' | 'deleted'; practiceId: string; details: PracticeDetails; users: Map<string, PracticeUser>; lastUpdate: string };

export type ActivePractice = Extract<PracticeState, { status: 'active' | 'deleted' }> & { status: 'active' };

export const initialPracticeState = (): PracticeState => ({ status: 'none' });

/** Who acts: the signed-in user, and whether they are the master admin (the directory's roles). */
export type PracticeActor = { userId: string; isMasterAdmin: boolean };

/** Which unique values are held by another practice (the service's lookup in the claims). */
export type TakenValues = { npi?: boolean; userName?: boolean; email?: boolean };

export type PracticeCommand =
  | { type: 'CreatePractice'; data: { practiceId: string; details: PracticeDetails; users: PracticeUserInput[]; taken: TakenValues; actor: PracticeActor; now: Date } }
  | { type: 'UpdatePracticeProfile'; data: { changes: PracticeChanges; taken: TakenValues; actor: PracticeActor; now: Date } }
  | { type: 'ChangePracticeImage'; data: { image: 'banner' | 'avatar'; url: string; actor: PracticeActor; now: Date } }
  | { type: 'AddPracticeUser'; data: { user: PracticeUserInput; actor: PracticeActor; now: Date } }
  | { type: 'ChangeAccessType'; data: { userId: string; accessType: AccessType; actor: PracticeActor; now: Date } }
  | { type: 'RemovePracticeUser'; data: { userId: string; actor: PracticeActor; now: Date } }
  /** The edit drawer's save: profile changes, the owners listed (added or access type changed), the owners removed. */
  | {
      type: 'EditPractice';
      data: { changes: PracticeChanges; taken: TakenValues; users: PracticeUserInput[]; removed: string[]; actor: PracticeActor; now: Date };
    }
  | { type: 'DeletePractice'; data: { actor: PracticeActor; now: Date } };

export class PracticeNotFound extends NotFound {
  constructor() {
    super('Practice not found');
  }
}

export class LastPracticeOwner extends Conflict {
  constructor() {
    super(practices.LAST_PRACTICE_OWNER, 'practiceOwners');
  }
}

export class NotAPracticeUser extends NotFound {
  constructor() {
    super('This user is not in the practice');
  }
}

const OWNER = practices.PRACTICE_OWNER;

function active(state: PracticeState): ActivePractice {
  if (state.status !== 'active') throw new PracticeNotFound();
  return state as ActivePractice;
}

function requireMasterAdmin(actor: PracticeActor, what: string) {
  if (!actor.isMasterAdmin) throw new Forbidden(`Only the master admin may ${what} practices`);
}

/** The master admin, or a Practice Owner or Practice Manager of this practice. */
export function canEdit(state: ActivePractice, actor: PracticeActor): boolean {
  if (actor.isMasterAdmin) return true;
  const me = state.users.get(actor.userId);
  return !!me && practices.EDITING_ACCESS_TYPES.includes(me.accessType);
}

function requireEditor(state: ActivePractice, actor: PracticeActor) {
  if (!canEdit(state, actor)) throw new Forbidden("Only the practice's Practice Owners and Practice Managers may edit it");
}

function checkTaken(taken: TakenValues) {
  if (taken.npi) throw new Conflict(practices.NPI_TAKEN, 'npi');
  if (taken.userName) throw new Conflict(MESSAGES.userNameTaken, 'userName');
  if (taken.email) throw new Conflict(MESSAGES.emailInUse, 'email');
}

const ownerCount = (users: Iterable<PracticeUser>) => [...users].filter((u) => u.accessType === OWNER).length;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `changes` whose value differs from `details`. */
export function changedFields(details: PracticeDetails, changes: PracticeChanges): PracticeChanges {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes) as [keyof PracticeChanges, unknown][]) {
    if (value === undefined) continue;
    if (!same(details[key], value)) out[key] = value;
  }
  return out as PracticeChanges;
}

function userAdded(p: ActivePractice, user: PracticeUserInput, now: Date, by: string): PracticeEvent {
  return {
    type: 'PracticeUserAdded',
    data: { practiceId: p.practiceId, practiceName: p.details.practiceName, ...user, addedAt: now.toISOString(), addedBy: by },
  };
}

function accessTypeChanged(p: ActivePractice, userId: string, from: AccessType, to: AccessType, now: Date, by: string): PracticeEvent {
  return {
    type: 'PracticeUserAccessTypeChanged',
    data: { practiceId: p.practiceId, practiceName: p.details.practiceName, userId, from, to, changedAt: now.toISOString(), changedBy: by },
  };
}

function userRemoved(p: ActivePractice, userId: string, now: Date, by: string): PracticeEvent {
  return { type: 'PracticeUserRemoved', data: { practiceId: p.practiceId, practiceName: p.details.practiceName, userId, removedAt: now.toISOString(), removedBy: by } };
}

function checkAccessType(accessType: string) {
  if (!(practices.ACCESS_TYPES as readonly string[]).includes(accessType)) throw new ValidationFailed('accessType', practices.INVALID_ACCESS_TYPE);
}

/** Folds events into a copy of the practice (the composite edit decides step by step). */
function applyAll(state: PracticeState, events: PracticeEvent[]): PracticeState {
  return events.reduce(evolvePractice, state);
}

export function decidePractice(command: PracticeCommand, state: PracticeState): PracticeEvent[] {
  switch (command.type) {
    case 'CreatePractice': {
      const { practiceId, details, users, taken, actor, now } = command.data;
      requireMasterAdmin(actor, 'create');
      if (state.status !== 'none') throw new Conflict('This practice already exists');
      if (!users.length) throw new ValidationFailed('practiceOwners', practices.NEEDS_AN_OWNER);
      if (users.length > practices.MAX_PRACTICE_USERS) throw new ValidationFailed('practiceOwners', `practiceOwners: at most ${practices.MAX_PRACTICE_USERS}`);
      if (new Set(users.map((u) => u.userId)).size !== users.length) throw new ValidationFailed('practiceOwners', 'practiceOwners: the same user is listed twice');
      users.forEach((u) => checkAccessType(u.accessType));
      if (!ownerCount(users)) throw new ValidationFailed('practiceOwners', practices.NEEDS_A_PRACTICE_OWNER);
      checkTaken(taken);
      const created: PracticeEvent = { type: 'PracticeCreated', data: { practiceId, details, createdAt: now.toISOString(), createdBy: actor.userId } };
      const p = applyAll(state, [created]) as ActivePractice;
      return [created, ...users.map((u) => userAdded(p, u, now, actor.userId))];
    }
    case 'UpdatePracticeProfile': {
      const p = active(state);
      const { changes, taken, actor, now } = command.data;
      requireEditor(p, actor);
      return profileUpdate(p, changes, taken, actor, now);
    }
    case 'ChangePracticeImage': {
      const p = active(state);
      const { image, url, actor, now } = command.data;
      requireEditor(p, actor);
      if ((image === 'banner' ? p.details.bannerImageUrl : p.details.avatarImageUrl) === url) return [];
      return [{ type: 'PracticeImageChanged', data: { practiceId: p.practiceId, image, url, changedAt: now.toISOString(), changedBy: actor.userId } }];
    }
    case 'AddPracticeUser': {
      const p = active(state);
      const { user, actor, now } = command.data;
      requireEditor(p, actor);
      checkAccessType(user.accessType);
      const existing = p.users.get(user.userId);
      if (existing) {
        if (existing.accessType === user.accessType) return [];
        throw new Conflict('This user is already in the practice', 'practiceOwners');
      }
      if (p.users.size >= practices.MAX_PRACTICE_USERS) throw new Conflict(`A practice has at most ${practices.MAX_PRACTICE_USERS} users`, 'practiceOwners');
      return [userAdded(p, user, now, actor.userId)];
    }
    case 'ChangeAccessType': {
      const p = active(state);
      const { userId, accessType, actor, now } = command.data;
      requireEditor(p, actor);
      checkAccessType(accessType);
      const user = p.users.get(userId);
      if (!user) throw new NotAPracticeUser();
      if (user.accessType === accessType) return [];
      if (user.accessType === OWNER && ownerCount(p.users.values()) === 1) throw new LastPracticeOwner();
      return [accessTypeChanged(p, userId, user.accessType, accessType, now, actor.userId)];
    }
    case 'RemovePracticeUser': {
      const p = active(state);
      const { userId, actor, now } = command.data;
      requireEditor(p, actor);
      const user = p.users.get(userId);
      if (!user) throw new NotAPracticeUser();
      if (user.accessType === OWNER && ownerCount(p.users.values()) === 1) throw new LastPracticeOwner();
      return [userRemoved(p, userId, now, actor.userId)];
    }
    case 'EditPractice': {
      const p = active(state);
      const { changes, taken, users, removed, actor, now } = command.data;
      requireEditor(p, actor);
      if (!users.length) throw new ValidationFailed('practiceOwners', practices.NEEDS_AN_OWNER);
      const listed = new Set(users.map((u) => u.userId));
      if (listed.size !== users.length) throw new ValidationFailed('practiceOwners', 'practiceOwners: the same user is listed twice');
      if (removed.some((id) => listed.has(id))) throw new ValidationFailed('deletedOwners', 'deletedOwners: a removed owner is still listed in practiceOwners');
      users.forEach((u) => checkAccessType(u.accessType));
      const events: PracticeEvent[] = [...profileUpdate(p, changes, taken, actor, now)];
      // Removed owners first (one not in the practice any more is already gone), then the listed ones.
      for (const id of new Set(removed)) if (p.users.has(id)) events.push(userRemoved(p, id, now, actor.userId));
      for (const u of users) {
        const current = p.users.get(u.userId);
        if (!current) events.push(userAdded(p, u, now, actor.userId));
        else if (current.accessType !== u.accessType) events.push(accessTypeChanged(p, u.userId, current.accessType, u.accessType, now, actor.userId));
      }
      const after = applyAll(p, events) as ActivePractice;
      if (after.users.size > practices.MAX_PRACTICE_USERS) throw new Conflict(`A practice has at most ${practices.MAX_PRACTICE_USERS} users`, 'practiceOwners');
      if (!ownerCount(after.users.values())) throw new LastPracticeOwner();
      return events;
    }
    case 'DeletePractice': {
      const p = active(state);
      const { actor, now } = command.data;
      requireMasterAdmin(actor, 'delete');
      return [
        {
          type: 'PracticeDeleted',
          data: { practiceId: p.practiceId, practiceName: p.details.practiceName, userIds: [...p.users.keys()], deletedAt: now.toISOString(), deletedBy: actor.userId },
        },
      ];
    }
  }
}

function profileUpdate(p: ActivePractice, changes: PracticeChanges, taken: TakenValues, actor: PracticeActor, now: Date): PracticeEvent[] {
  const changed = changedFields(p.details, changes);
  if (changed.userName !== undefined && changed.userName.toLowerCase() !== p.details.userName.toLowerCase()) checkTaken({ userName: taken.userName });
  if (!Object.keys(changed).length) return [];
  return [{ type: 'PracticeProfileUpdated', data: { practiceId: p.practiceId, changes: changed, updatedAt: now.toISOString(), updatedBy: actor.userId } }];
}

export function evolvePractice(state: PracticeState, event: PracticeEvent): PracticeState {
  switch (event.type) {
    case 'PracticeCreated':
      return { status: 'active', practiceId: event.data.practiceId, details: event.data.details, users: new Map(), lastUpdate: event.data.createdAt };
    case 'PracticeProfileUpdated':
      if (state.status !== 'active') return state;
      return { ...state, details: { ...state.details, ...event.data.changes }, lastUpdate: event.data.updatedAt };
    case 'PracticeImageChanged':
      if (state.status !== 'active') return state;
      return {
        ...state,
        details: { ...state.details, [event.data.image === 'banner' ? 'bannerImageUrl' : 'avatarImageUrl']: event.data.url },
        lastUpdate: event.data.changedAt,
      };
    case 'PracticeUserAdded': {
      if (state.status !== 'active') return state;
      const users = new Map(state.users);
      users.set(event.data.userId, { userId: event.data.userId, accessType: event.data.accessType });
      return { ...state, users, lastUpdate: event.data.addedAt };
    }
    case 'PracticeUserAccessTypeChanged': {
      if (state.status !== 'active') return state;
      const users = new Map(state.users);
      users.set(event.data.userId, { userId: event.data.userId, accessType: event.data.to });
      return { ...state, users, lastUpdate: event.data.changedAt };
    }
    case 'PracticeUserRemoved': {
      if (state.status !== 'active') return state;
      const users = new Map(state.users);
      users.delete(event.data.userId);
      return { ...state, users, lastUpdate: event.data.removedAt };
    }
    case 'PracticeDeleted':
      if (state.status !== 'active') return state;
      return { ...state, status: 'deleted', lastUpdate: event.data.deletedAt };
  }
}

export const practiceDecider: Decider<PracticeState, PracticeCommand, PracticeEvent> = {
  decide: decidePractice,
  evolve: evolvePractice,
  initialState: initialPracticeState,
};

export const practiceStreamId = (practiceId: string) => `practice-${practiceId}`;
