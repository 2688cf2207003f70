/**
 * Internal events of the facility aggregate (stream `facility-<facilityId>`). A facility belongs
 * to the admin who added it (`ownerId`, the admin's account id); nobody else sees or changes it.
 */

export type FacilityAddress = { street: string; suite: string | null; city: string; state: string; zip: string };

/** What a facility holds (spec §3, the facility create payload); phones in E.164. */
export type FacilityDetails = {
  npi: string;
  entityTypeCode: '1' | '2';
  contactPersonFirstName: string | null;
  contactPersonMiddleName: string | null;
  contactPersonLastName: string | null;
  organizationName: string | null;
  mailingAddress: FacilityAddress;
  email: string | null;
  mobile: string | null;
  phone: string | null;
  fax: string | null;
};

export type FacilityChanges = Partial<FacilityDetails>;

export type FacilityCreated = {
  type: 'FacilityCreated';
  data: { facilityId: string; ownerId: string; details: FacilityDetails; createdAt: string };
};

export type FacilityUpdated = {
  type: 'FacilityUpdated';
  data: { facilityId: string; ownerId: string; changes: FacilityChanges; updatedAt: string };
};

export type FacilityDeleted = {
  type: 'FacilityDeleted';
  data: { facilityId: string; ownerId: string; deletedAt: string };
};

export type FacilityEvent = FacilityCreated | FacilityUpdated | FacilityDeleted;

export const FACILITY_EVENT_TYPES: FacilityEvent['type'][] = ['FacilityCreated', 'FacilityUpdated', 'FacilityDeleted'];
