/**
 * Integration events of the directory's facilities, on `events.directory.<Name>` (CloudEvents
 * type `directory.<Name>.v1`). A facility belongs to one admin (`ownerId`, the admin's account id).
 */
import type { EntityTypeCode } from './facilities';

export type FacilityDetailsV1 = {
  npi: string;
  entityTypeCode: EntityTypeCode;
  contactPersonFirstName: string | null;
  contactPersonMiddleName: string | null;
  contactPersonLastName: string | null;
  organizationName: string | null;
  mailingAddress: { street: string; suite: string | null; city: string; state: string; zip: string };
  email: string | null;
  mobile: string | null;
  phone: string | null;
  fax: string | null;
};

/** `events.directory.FacilityCreated` */
export const FACILITY_CREATED_V1 = 'FacilityCreated';
export type FacilityCreatedV1 = { facilityId: string; ownerId: string; details: FacilityDetailsV1; createdAt: string };

/** `events.directory.FacilityUpdated`: only the fields that changed (a mailing address whole). */
export const FACILITY_UPDATED_V1 = 'FacilityUpdated';
export type FacilityUpdatedV1 = { facilityId: string; ownerId: string; changes: Partial<FacilityDetailsV1>; updatedAt: string };

/** `events.directory.FacilityDeleted` */
export const FACILITY_DELETED_V1 = 'FacilityDeleted';
export type FacilityDeletedV1 = { facilityId: string; ownerId: string; deletedAt: string };
