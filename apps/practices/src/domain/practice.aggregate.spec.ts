import { testing } from '@app/event-store';
import { DomainError } from '@app/errors';
import { practices } from '@app/contracts';
import { LastPracticeOwner, NotAPracticeUser, PracticeNotFound, practiceDecider, type PracticeActor, type PracticeCommand, type TakenValues } from './practice.aggregate';
import type { AccessType, PracticeChanges, PracticeDetails, PracticeEvent, PracticeUserInput } from './practice.events';

const { DeciderSpecification } = testing;
const spec = DeciderSpecification.for(practiceDecider);

const practiceId = '0f6a3c2e-5d4b-4a1e-9c8d-7b6a5f4e3d2c';
const ann = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const cat = '33333333-3333-4333-8333-333333333333';
const t0 = new Date('2026-12-01T10:00:00.000Z');
const t1 = new Date('2026-12-02T10:00:00.000Z');
const admin: PracticeActor = { userId: '99999999-9999-4999-8999-999999999999', isMasterAdmin: true };
const as = (userId: string): PracticeActor => ({ userId, isMasterAdmin: false });

const details: PracticeDetails = {
  npi: '1234567893',
  practiceName: 'Sunrise Family Medicine',
  displayName: 'Sunrise Family',
  userName: 'sunrisefamily',
  email: 'office@sunrise.test',
  mailingAddress: { streetAddress1: '100 Main Street', suite: '2', city: 'Austin', state: 'TX', zip: '787011234' },
  phone: '+15125550100',
  fax: null,
  website: 'https://sunrise.test',
  profileDescription: 'Family practice',
  bannerImageUrl: null,
  avatarImageUrl: null,
};

const user = (userId: string, accessType: AccessType): PracticeUserInput => ({ userId, accessType, fullName: `User ${userId.slice(0, 4)}`, npi: null, avatarImageUrl: null });

const created: PracticeEvent = { type: 'PracticeCreated', data: { practiceId, details, createdAt: t0.toISOString(), createdBy: admin.userId } };
const added = (u: PracticeUserInput): PracticeEvent => ({
  type: 'PracticeUserAdded',
  data: { practiceId, practiceName: details.practiceName, ...u, addedAt: t0.toISOString(), addedBy: admin.userId },
});
/** Ann owns it, Bob manages it, Cat is a member. */
const practice = [created, added(user(ann, 'Practice Owner')), added(user(bob, 'Practice Manager')), added(user(cat, 'Member'))];

const create = (users: PracticeUserInput[], taken = {}, actor = admin) =>
  ({ type: 'CreatePractice', data: { practiceId, details, users, taken, actor, now: t0 } }) as const;

const withField = (field: string, message?: string) => (e: DomainError) => e.field === field && (message === undefined || e.message === message);

describe('practice: created by the master admin from a registry organisation or by hand', () => {
  it('records the practice and each of its users with their access type', () => {
    spec
      .given([])
      .when(create([user(ann, 'Practice Owner'), user(bob, 'Member')]))
      .then([created, added(user(ann, 'Practice Owner')), added(user(bob, 'Member'))]);
  });

  it('only the master admin creates practices (anyone else: 403)', () => {
    spec
      .given([])
      .when(create([user(ann, 'Practice Owner')], {}, as(ann)))
      .thenThrows(DomainError, (e) => e.kind === 'forbidden');
  });

  it('needs at least one user, and one of them a Practice Owner (a new owner starting as Member must be promoted)', () => {
    spec.given([]).when(create([])).thenThrows(DomainError, (e) => e.kind === 'validation' && withField('practiceOwners', practices.NEEDS_AN_OWNER)(e));
    spec
      .given([])
      .when(create([user(ann, practices.DEFAULT_ACCESS_TYPE), user(bob, 'Credentialer')]))
      .thenThrows(DomainError, (e) => e.kind === 'validation' && withField('practiceOwners', practices.NEEDS_A_PRACTICE_OWNER)(e));
  });

  it('refuses the same user twice and unknown access types', () => {
    spec.given([]).when(create([user(ann, 'Practice Owner'), user(ann, 'Member')])).thenThrows(DomainError, withField('practiceOwners'));
    spec
      .given([])
      .when(create([user(ann, 'Practice Owner'), user(bob, 'Boss' as AccessType)]))
      .thenThrows(DomainError, withField('accessType', practices.INVALID_ACCESS_TYPE));
  });

  it('refuses an NPI, user name or email another practice holds (409 naming the field)', () => {
    const owners = [user(ann, 'Practice Owner')];
    spec.given([]).when(create(owners, { npi: true })).thenThrows(DomainError, (e) => e.kind === 'conflict' && withField('npi', practices.NPI_TAKEN)(e));
    spec.given([]).when(create(owners, { userName: true })).thenThrows(DomainError, (e) => e.kind === 'conflict' && withField('userName', 'User Name Taken')(e));
    spec.given([]).when(create(owners, { email: true })).thenThrows(DomainError, (e) => e.kind === 'conflict' && withField('email', 'Email already in use')(e));
  });

  it('is created once', () => {
    spec.given(practice).when(create([user(ann, 'Practice Owner')])).thenThrows(DomainError, (e) => e.kind === 'conflict');
  });
});

describe('practice: access types', () => {
  const change = (userId: string, accessType: AccessType, actor: PracticeActor = as(ann)) =>
    ({ type: 'ChangeAccessType', data: { userId, accessType, actor, now: t1 } }) as const;
  const changed = (userId: string, from: AccessType, to: AccessType, by = ann): PracticeEvent => ({
    type: 'PracticeUserAccessTypeChanged',
    data: { practiceId, practiceName: details.practiceName, userId, from, to, changedAt: t1.toISOString(), changedBy: by },
  });

  it('are exactly the six of the spec', () => {
    expect(practices.ACCESS_TYPES).toEqual(['Provider', 'Practice Owner', 'Practice Manager', 'Credentialer', 'Member', 'Consultant']);
    expect(practices.DEFAULT_ACCESS_TYPE).toBe('Member');
  });

  it('any access type changes into any other', () => {
    for (const to of practices.ACCESS_TYPES.filter((t) => t !== 'Member')) spec.given(practice).when(change(cat, to)).then([changed(cat, 'Member', to)]);
  });

  it('changing to the same access type changes nothing', () => {
    spec.given(practice).when(change(cat, 'Member')).thenNothingHappened();
  });

  it('the last Practice Owner cannot be demoted (409 with a message)', () => {
    spec
      .given(practice)
      .when(change(ann, 'Member'))
      .thenThrows(LastPracticeOwner, (e) => e.kind === 'conflict' && e.message === practices.LAST_PRACTICE_OWNER);
  });

  it('an owner can be demoted when another Practice Owner remains', () => {
    spec
      .given([...practice, changed(bob, 'Practice Manager', 'Practice Owner')])
      .when(change(ann, 'Member', as(bob)))
      .then([changed(ann, 'Practice Owner', 'Member', bob)]);
  });

  it('Practice Managers and the master admin may change them; Members, Credentialers and outsiders may not (403)', () => {
    spec.given(practice).when(change(cat, 'Consultant', as(bob))).then([changed(cat, 'Member', 'Consultant', bob)]);
    spec.given(practice).when(change(cat, 'Consultant', admin)).then([changed(cat, 'Member', 'Consultant', admin.userId)]);
    spec.given(practice).when(change(bob, 'Member', as(cat))).thenThrows(DomainError, (e) => e.kind === 'forbidden');
    spec.given(practice).when(change(cat, 'Consultant', as('44444444-4444-4444-8444-444444444444'))).thenThrows(DomainError, (e) => e.kind === 'forbidden');
  });

  it('of someone not in the practice: 404', () => {
    spec.given(practice).when(change('44444444-4444-4444-8444-444444444444', 'Member')).thenThrows(NotAPracticeUser);
  });
});

describe('practice: users added and removed', () => {
  const dan = '44444444-4444-4444-8444-444444444444';
  const remove = (userId: string, actor: PracticeActor = as(ann)) => ({ type: 'RemovePracticeUser', data: { userId, actor, now: t1 } }) as const;

  it('a new user is added with their access type (Member by default in the forms)', () => {
    spec
      .given(practice)
      .when({ type: 'AddPracticeUser', data: { user: user(dan, 'Member'), actor: as(ann), now: t1 } })
      .then([{ type: 'PracticeUserAdded', data: { practiceId, practiceName: details.practiceName, ...user(dan, 'Member'), addedAt: t1.toISOString(), addedBy: ann } }]);
  });

  it('adding someone already in it with another access type: 409', () => {
    spec
      .given(practice)
      .when({ type: 'AddPracticeUser', data: { user: user(cat, 'Consultant'), actor: as(ann), now: t1 } })
      .thenThrows(DomainError, (e) => e.kind === 'conflict');
  });

  it('removes a user', () => {
    spec
      .given(practice)
      .when(remove(cat))
      .then([{ type: 'PracticeUserRemoved', data: { practiceId, practiceName: details.practiceName, userId: cat, removedAt: t1.toISOString(), removedBy: ann } }]);
  });

  it('the last Practice Owner cannot be removed (409)', () => {
    spec.given(practice).when(remove(ann)).thenThrows(LastPracticeOwner);
    spec.given(practice).when(remove(ann, admin)).thenThrows(LastPracticeOwner);
  });

  it('a Member cannot remove anyone (403)', () => {
    spec.given(practice).when(remove(bob, as(cat))).thenThrows(DomainError, (e) => e.kind === 'forbidden');
  });
});

describe('practice: the edit drawer (profile, owners listed, owners removed)', () => {
  const edit = (over: Partial<{ changes: PracticeChanges; taken: TakenValues; users: PracticeUserInput[]; removed: string[]; actor: PracticeActor }> = {}): PracticeCommand =>
    ({
      type: 'EditPractice',
      data: {
        changes: {},
        taken: {},
        users: [user(ann, 'Practice Owner'), user(bob, 'Practice Manager'), user(cat, 'Member')],
        removed: [],
        actor: as(ann),
        now: t1,
        ...over,
      },
    });

  it('records only what changed: profile fields, access types, removals', () => {
    spec
      .given(practice)
      .when(edit({ changes: { displayName: 'Sunrise Clinic', phone: details.phone }, users: [user(ann, 'Practice Owner'), user(bob, 'Practice Owner')], removed: [cat] }))
      .then((events) =>
        expect(events).toEqual([
          { type: 'PracticeProfileUpdated', data: { practiceId, changes: { displayName: 'Sunrise Clinic' }, updatedAt: t1.toISOString(), updatedBy: ann } },
          { type: 'PracticeUserRemoved', data: { practiceId, practiceName: details.practiceName, userId: cat, removedAt: t1.toISOString(), removedBy: ann } },
          {
            type: 'PracticeUserAccessTypeChanged',
            data: { practiceId, practiceName: details.practiceName, userId: bob, from: 'Practice Manager', to: 'Practice Owner', changedAt: t1.toISOString(), changedBy: ann },
          },
        ]),
      );
  });

  it('nothing changed: nothing recorded', () => {
    spec.given(practice).when(edit()).thenNothingHappened();
  });

  it('a save that leaves no Practice Owner is refused whole (409)', () => {
    spec.given(practice).when(edit({ users: [user(ann, 'Member'), user(bob, 'Practice Manager')] })).thenThrows(LastPracticeOwner);
    spec.given(practice).when(edit({ users: [user(bob, 'Practice Manager')], removed: [ann] })).thenThrows(LastPracticeOwner);
  });

  it('a user name another practice holds: 409 User Name Taken; an unchanged or case-changed own name is not checked', () => {
    spec.given(practice).when(edit({ changes: { userName: 'taken' }, taken: { userName: true } })).thenThrows(DomainError, withField('userName', 'User Name Taken'));
    spec.given(practice).when(edit({ changes: { userName: details.userName }, taken: { userName: true } })).thenNothingHappened();
  });

  it('a Member editing the practice: 403; a Practice Manager: allowed', () => {
    spec.given(practice).when(edit({ changes: { displayName: 'Mine now' }, actor: as(cat) })).thenThrows(DomainError, (e) => e.kind === 'forbidden');
    spec
      .given(practice)
      .when(edit({ changes: { displayName: 'By the manager' }, actor: as(bob) }))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['PracticeProfileUpdated']));
  });

  it('an owner both listed and removed is refused (400 on deletedOwners)', () => {
    spec.given(practice).when(edit({ removed: [cat], users: [user(ann, 'Practice Owner'), user(cat, 'Member')] })).thenThrows(DomainError, withField('deletedOwners'));
  });
});

describe('practice: images and deletion', () => {
  it('a new banner or avatar is recorded by an editor; the same one again changes nothing', () => {
    const changed: PracticeEvent = { type: 'PracticeImageChanged', data: { practiceId, image: 'avatar', url: '/api/files/a.png', changedAt: t1.toISOString(), changedBy: bob } };
    spec.given(practice).when({ type: 'ChangePracticeImage', data: { image: 'avatar', url: '/api/files/a.png', actor: as(bob), now: t1 } }).then([changed]);
    spec.given([...practice, changed]).when({ type: 'ChangePracticeImage', data: { image: 'avatar', url: '/api/files/a.png', actor: as(bob), now: t1 } }).thenNothingHappened();
    spec
      .given(practice)
      .when({ type: 'ChangePracticeImage', data: { image: 'banner', url: '/api/files/b.png', actor: as(cat), now: t1 } })
      .thenThrows(DomainError, (e) => e.kind === 'forbidden');
  });

  it('only the master admin deletes a practice, once; a deleted practice is not found', () => {
    spec.given(practice).when({ type: 'DeletePractice', data: { actor: as(ann), now: t1 } }).thenThrows(DomainError, (e) => e.kind === 'forbidden');
    const deleted: PracticeEvent = {
      type: 'PracticeDeleted',
      data: { practiceId, practiceName: details.practiceName, userIds: [ann, bob, cat], deletedAt: t1.toISOString(), deletedBy: admin.userId },
    };
    spec.given(practice).when({ type: 'DeletePractice', data: { actor: admin, now: t1 } }).then([deleted]);
    spec.given([...practice, deleted]).when({ type: 'DeletePractice', data: { actor: admin, now: t1 } }).thenThrows(PracticeNotFound);
    spec.given([...practice, deleted]).when({ type: 'ChangeAccessType', data: { userId: cat, accessType: 'Consultant', actor: admin, now: t1 } }).thenThrows(PracticeNotFound);
  });
});
