import { testing } from '@app/event-store';
import { FacilityExists, FacilityNotFound, facilityDecider } from './facility.aggregate';
import type { FacilityDetails, FacilityEvent } from './facility.events';

const { DeciderSpecification } = testing;
const spec = DeciderSpecification.for(facilityDecider);

const id = '0e5c2f6a-4b1d-4c3e-8f7a-9b0c1d2e3f40';
const owner = 'a1a1a1a1-0000-4000-8000-000000000001';
const other = 'b2b2b2b2-0000-4000-8000-000000000002';
const t0 = new Date('2026-12-01T10:00:00.000Z');
const t1 = new Date('2026-12-02T10:00:00.000Z');
const details: FacilityDetails = {
  npi: '1000000038',
  entityTypeCode: '2',
  contactPersonFirstName: 'Jane',
  contactPersonMiddleName: null,
  contactPersonLastName: 'Doe',
  organizationName: 'ACME FAMILY HEALTH, PLLC',
  mailingAddress: { street: '100 Congress Ave', suite: null, city: 'Austin', state: 'TX', zip: '78701' },
  email: null,
  mobile: null,
  phone: '+15125550134',
  fax: null,
};
const created: FacilityEvent = { type: 'FacilityCreated', data: { facilityId: id, ownerId: owner, details, createdAt: t0.toISOString() } };
const deleted: FacilityEvent = { type: 'FacilityDeleted', data: { facilityId: id, ownerId: owner, deletedAt: t1.toISOString() } };

describe('facility', () => {
  it('is created for its owner', () => {
    spec.given([]).when({ type: 'CreateFacility', data: { facilityId: id, ownerId: owner, details, now: t0 } }).then([created]);
  });

  it('a repeated create with the same details changes nothing; other details under the same id conflict', () => {
    spec.given([created]).when({ type: 'CreateFacility', data: { facilityId: id, ownerId: owner, details, now: t1 } }).then([]);
    spec
      .given([created])
      .when({ type: 'CreateFacility', data: { facilityId: id, ownerId: owner, details: { ...details, fax: '+15125550135' }, now: t1 } })
      .thenThrows(FacilityExists);
    spec.given([created]).when({ type: 'CreateFacility', data: { facilityId: id, ownerId: other, details, now: t1 } }).thenThrows(FacilityExists);
  });

  it('an update records only the fields that changed (the address whole)', () => {
    const address = { ...details.mailingAddress, suite: 'Suite 200' };
    spec
      .given([created])
      .when({ type: 'UpdateFacility', data: { ownerId: owner, details: { ...details, mailingAddress: address, phone: null }, now: t1 } })
      .then([{ type: 'FacilityUpdated', data: { facilityId: id, ownerId: owner, changes: { mailingAddress: address, phone: null }, updatedAt: t1.toISOString() } }]);
    spec.given([created]).when({ type: 'UpdateFacility', data: { ownerId: owner, details, now: t1 } }).then([]);
  });

  it('is deleted by its owner, and is gone after that', () => {
    spec.given([created]).when({ type: 'DeleteFacility', data: { ownerId: owner, now: t1 } }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'DeleteFacility', data: { ownerId: owner, now: t1 } }).thenThrows(FacilityNotFound);
    spec.given([created, deleted]).when({ type: 'UpdateFacility', data: { ownerId: owner, details, now: t1 } }).thenThrows(FacilityNotFound);
  });

  it('does not exist for another admin (404, not 403) nor before it is created', () => {
    spec.given([created]).when({ type: 'UpdateFacility', data: { ownerId: other, details, now: t1 } }).thenThrows(FacilityNotFound);
    spec.given([created]).when({ type: 'DeleteFacility', data: { ownerId: other, now: t1 } }).thenThrows(FacilityNotFound);
    spec.given([]).when({ type: 'DeleteFacility', data: { ownerId: owner, now: t1 } }).thenThrows(FacilityNotFound);
  });
});
