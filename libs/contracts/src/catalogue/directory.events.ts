import { z } from 'zod';
import type * as directory from '../directory';
import {
  FACILITY_CREATED_V1,
  FACILITY_DELETED_V1,
  FACILITY_UPDATED_V1,
  PROFILE_ACCOUNT_CHANGED_V1,
  PROFILE_CREATED_V1,
  PROFILE_DELETED_V1,
  PROFILE_IMAGE_CHANGED_V1,
  PROFILE_UPDATED_V1,
  REGISTRY_NPI_DEACTIVATED_V1,
} from '../directory';
import { defineEvent } from './define';
import { at, id, nullableText } from './fields';

const mailingAddress = z.object({
  streetAddress1: nullableText(),
  streetAddress2: nullableText(),
  suite: nullableText(),
  city: nullableText(),
  state: nullableText(),
  zip: nullableText(),
});
const profileDetails = z.object({
  npi: nullableText().describe('10-digit National Provider Identifier'),
  firstName: nullableText(),
  middleName: nullableText(),
  lastName: nullableText(),
  displayName: nullableText(),
  credentials: nullableText(),
  specialty: nullableText(),
  organization: nullableText(),
  mailingAddress,
  phone: nullableText(),
  fax: nullableText(),
  website: nullableText(),
  profileDescription: nullableText(),
  bannerImageUrl: nullableText(),
  avatarImageUrl: nullableText(),
});
const profileRoles = z.object({ isAdmin: z.boolean(), isProvider: z.boolean(), isMasterAdmin: z.boolean() });
const image = z.enum(['banner', 'avatar']);

const facilityDetails = z.object({
  npi: z.string(),
  entityTypeCode: z.enum(['1', '2']).describe('NPPES entity type: 1 individual, 2 organisation'),
  contactPersonFirstName: nullableText(),
  contactPersonMiddleName: nullableText(),
  contactPersonLastName: nullableText(),
  organizationName: nullableText(),
  mailingAddress: z.object({ street: z.string(), suite: nullableText(), city: z.string(), state: z.string(), zip: z.string() }),
  email: nullableText(),
  mobile: nullableText(),
  phone: nullableText(),
  fax: nullableText(),
});

export const directoryEvents = [
  defineEvent<directory.ProfileCreatedV1>()({
    context: 'directory',
    name: PROFILE_CREATED_V1,
    version: 1,
    summary: "Every account gets a profile (registration, or the create-user call). The profile's id is its account's id.",
    schema: z.object({
      profileId: id(),
      userName: z.string(),
      email: z.string(),
      mobile: nullableText(),
      roles: profileRoles,
      details: profileDetails,
      createdAt: at(),
      createdBy: nullableText(),
    }),
  }),
  defineEvent<directory.ProfileUpdatedV1>()({
    context: 'directory',
    name: PROFILE_UPDATED_V1,
    version: 1,
    summary: 'Only the fields that changed (a mailing address whole).',
    schema: z.object({ profileId: id(), changes: profileDetails.partial(), updatedAt: at(), updatedBy: nullableText() }),
  }),
  defineEvent<directory.ProfileImageChangedV1>()({
    context: 'directory',
    name: PROFILE_IMAGE_CHANGED_V1,
    version: 1,
    summary: 'A new banner or avatar (a URL under /api/files).',
    schema: z.object({ profileId: id(), image, url: z.string(), changedAt: at(), changedBy: nullableText() }),
  }),
  defineEvent<directory.ProfileAccountChangedV1>()({
    context: 'directory',
    name: PROFILE_ACCOUNT_CHANGED_V1,
    version: 1,
    summary: "The profile's copy of identity's identifiers or roles changed.",
    schema: z.object({
      profileId: id(),
      userName: z.string().optional(),
      email: z.string().optional(),
      mobile: nullableText().optional(),
      roles: profileRoles.optional(),
      changedAt: at(),
    }),
  }),
  defineEvent<directory.ProfileDeletedV1>()({
    context: 'directory',
    name: PROFILE_DELETED_V1,
    version: 1,
    summary: 'A profile was deleted.',
    schema: z.object({ profileId: id(), deletedAt: at(), deletedBy: nullableText() }),
  }),
  defineEvent<directory.FacilityCreatedV1>()({
    context: 'directory',
    name: FACILITY_CREATED_V1,
    version: 1,
    summary: "A facility was added to an admin's list (ownerId: the admin's account id).",
    schema: z.object({ facilityId: id(), ownerId: id(), details: facilityDetails, createdAt: at() }),
  }),
  defineEvent<directory.FacilityUpdatedV1>()({
    context: 'directory',
    name: FACILITY_UPDATED_V1,
    version: 1,
    summary: 'Only the fields that changed (a mailing address whole).',
    schema: z.object({ facilityId: id(), ownerId: id(), changes: facilityDetails.partial(), updatedAt: at() }),
  }),
  defineEvent<directory.FacilityDeletedV1>()({
    context: 'directory',
    name: FACILITY_DELETED_V1,
    version: 1,
    summary: 'A facility was deleted.',
    schema: z.object({ facilityId: id(), ownerId: id(), deletedAt: at() }),
  }),
  defineEvent<directory.RegistryNpiDeactivatedV1>()({
    context: 'directory',
    name: REGISTRY_NPI_DEACTIVATED_V1,
    version: 1,
    summary: "A directory profile's NPI is deactivated in the registry mirror after an NPPES import (announced once per NPI).",
    schema: z.object({
      npi: z.string().regex(/^\d{10}$/),
      profileIds: z.array(id()).min(1),
      deactivationDate: z.iso.date().nullable(),
      importId: z.number().int().min(1),
      detectedAt: at(),
    }),
  }),
];
