import { testing } from '@app/event-store';
import { ProfileNotFound, ProfileRequestConflict, RequestKeyReused, profileDecider } from './profile.aggregate';
import { EMPTY_ADDRESS, EMPTY_DETAILS, type ProfileDetails, type ProfileEvent } from './profile.events';

const { DeciderSpecification } = testing;
const spec = DeciderSpecification.for(profileDecider);

const id = '5b1f0c7e-2a43-4f0e-9d1c-0a8b7c6d5e4f';
const t0 = new Date('2026-12-01T10:00:00.000Z');
const t1 = new Date('2026-12-02T10:00:00.000Z');
const account = { userName: 'jsmith', email: 'j.smith@clinic.test', mobile: '+12025550123' };
const roles = { isAdmin: false, isProvider: true, isMasterAdmin: false };
const details: ProfileDetails = {
  ...EMPTY_DETAILS,
  npi: '1234567893',
  firstName: 'Jane',
  lastName: 'Smith',
  displayName: 'Dr Jane Smith',
  credentials: 'MD',
  specialty: 'Family Medicine',
  mailingAddress: { ...EMPTY_ADDRESS, streetAddress1: '100 Main Street', city: 'Austin', state: 'TX', zip: '78701' },
  phone: '+15125550100',
};

const drafted: ProfileEvent = {
  type: 'ProfileDrafted',
  data: { profileId: id, requestKey: 'req-1', details, roles: { isAdmin: false, isProvider: true }, draftedAt: t0.toISOString(), draftedBy: 'admin-1' },
};
const created: ProfileEvent = {
  type: 'ProfileCreated',
  data: { profileId: id, account, roles, details, createdAt: t0.toISOString(), createdBy: 'admin-1' },
};
const create = (names = {}) =>
  ({ type: 'CreateProfile', data: { profileId: id, account, roles: { isAdmin: false, isProvider: false, isMasterAdmin: false }, names, now: t0, by: null } }) as const;

describe('profile: every account gets one', () => {
  it('creates a profile from the account alone (names from identity) when nothing was drafted', () => {
    spec
      .given([])
      .when(create({ firstName: 'Ann', lastName: 'Lee', displayName: 'Ann Lee' }))
      .then([
        {
          type: 'ProfileCreated',
          data: {
            profileId: id,
            account,
            roles: { isAdmin: false, isProvider: false, isMasterAdmin: false },
            details: { ...EMPTY_DETAILS, firstName: 'Ann', lastName: 'Lee', displayName: 'Ann Lee' },
            createdAt: t0.toISOString(),
            createdBy: null,
          },
        },
      ]);
  });

  it('creates it from the draft of a create-user request, keeping the drafted details and roles', () => {
    spec
      .given([drafted])
      .when(create({ firstName: 'Other', lastName: 'Name', displayName: 'Other' }))
      .then([{ type: 'ProfileCreated', data: { profileId: id, account, roles, details, createdAt: t0.toISOString(), createdBy: null } }]);
  });

  it('creates it once: identity redelivering the registration, or the request retried, changes nothing', () => {
    spec.given([created]).when(create()).thenNothingHappened();
  });
});

describe('profile: the create-user draft', () => {
  const draft = (over: Partial<ProfileDetails> = {}) =>
    ({ type: 'DraftProfile', data: { profileId: id, requestKey: 'req-1', details: { ...details, ...over }, roles: { isAdmin: false, isProvider: true }, now: t0, by: 'admin-1' } }) as const;

  it('records the details before the account exists', () => {
    spec.given([]).when(draft()).then([drafted]);
  });

  it('is idempotent for the same details and replaced by corrected ones', () => {
    spec.given([drafted]).when(draft()).thenNothingHappened();
    spec
      .given([drafted])
      .when(draft({ firstName: 'Janet' }))
      .then([{ ...drafted, data: { ...drafted.data, details: { ...details, firstName: 'Janet' } } } as ProfileEvent]);
  });

  it('is not needed once the profile exists (a retried request), and refused for a deleted one', () => {
    spec.given([created]).when(draft()).thenNothingHappened();
    spec
      .given([created, { type: 'ProfileDeleted', data: { profileId: id, deletedAt: t1.toISOString(), deletedBy: 'admin-1' } }])
      .when(draft())
      .thenThrows(ProfileRequestConflict);
  });

  it('refuses the same request key with another payload (fingerprint), before and after the profile exists', () => {
    const withPrint = (fingerprint: string) => {
      const d = draft();
      return { ...d, data: { ...d.data, fingerprint } } as const;
    };
    const printed: ProfileEvent = { ...drafted, data: { ...drafted.data, fingerprint: 'print-a' } } as ProfileEvent;
    spec.given([]).when(withPrint('print-a')).then([printed]);
    spec.given([printed]).when(withPrint('print-a')).thenNothingHappened();
    spec.given([printed]).when(withPrint('print-b')).thenThrows(RequestKeyReused);
    spec.given([printed, created]).when(withPrint('print-a')).thenNothingHappened();
    spec.given([printed, created]).when(withPrint('print-b')).thenThrows(RequestKeyReused);
  });
});

describe('profile: editing', () => {
  it('records only the fields that changed', () => {
    spec
      .given([created])
      .when({ type: 'UpdateProfile', data: { changes: { displayName: 'Dr Jane Smith', organization: 'Smith Clinic', fax: null }, now: t1, by: id } })
      .then([{ type: 'ProfileUpdated', data: { profileId: id, changes: { organization: 'Smith Clinic' }, updatedAt: t1.toISOString(), updatedBy: id } }]);
  });

  it('records nothing when nothing changed', () => {
    spec.given([created]).when({ type: 'UpdateProfile', data: { changes: { firstName: 'Jane', mailingAddress: details.mailingAddress }, now: t1, by: id } }).thenNothingHappened();
  });

  it('changes the banner and the avatar', () => {
    spec
      .given([created])
      .when({ type: 'ChangeImage', data: { image: 'avatar', url: '/api/files/abc.png', now: t1, by: id } })
      .then([{ type: 'ProfileImageChanged', data: { profileId: id, image: 'avatar', url: '/api/files/abc.png', changedAt: t1.toISOString(), changedBy: id } }]);
  });

  it('refuses edits of a profile that does not exist, is only drafted, or was deleted', () => {
    const upd = { type: 'UpdateProfile', data: { changes: { fax: '+15125550199' }, now: t1, by: id } } as const;
    spec.given([]).when(upd).thenThrows(ProfileNotFound);
    spec.given([drafted]).when(upd).thenThrows(ProfileNotFound);
    spec.given([created, { type: 'ProfileDeleted', data: { profileId: id, deletedAt: t1.toISOString(), deletedBy: null } }]).when(upd).thenThrows(ProfileNotFound);
  });
});

describe("profile: identity's identifiers", () => {
  it('keeps its copy of email, mobile, user name and roles current, recording only what changed', () => {
    spec
      .given([created])
      .when({ type: 'SyncAccount', data: { account: { email: 'jane@new.test', userName: 'jsmith' }, now: t1 } })
      .then([{ type: 'ProfileAccountChanged', data: { profileId: id, account: { email: 'jane@new.test' }, changedAt: t1.toISOString() } }]);
    spec
      .given([created])
      .when({ type: 'SyncAccount', data: { account: {}, roles: { ...roles, isAdmin: true }, now: t1 } })
      .then([{ type: 'ProfileAccountChanged', data: { profileId: id, account: {}, roles: { ...roles, isAdmin: true }, changedAt: t1.toISOString() } }]);
    spec.given([created]).when({ type: 'SyncAccount', data: { account: { mobile: '+12025550123' }, now: t1 } }).thenNothingHappened();
  });

  it('ignores news about accounts without an active profile', () => {
    spec.given([]).when({ type: 'SyncAccount', data: { account: { email: 'x@y.test' }, now: t1 } }).thenNothingHappened();
  });
});

describe('profile: deleting', () => {
  it('deletes an active profile once', () => {
    const deleted: ProfileEvent = { type: 'ProfileDeleted', data: { profileId: id, deletedAt: t1.toISOString(), deletedBy: 'admin-1' } };
    spec.given([created]).when({ type: 'DeleteProfile', data: { now: t1, by: 'admin-1' } }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'DeleteProfile', data: { now: t1, by: 'admin-1' } }).thenThrows(ProfileNotFound);
  });
});
