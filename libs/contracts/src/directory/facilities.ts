import { z } from 'zod';
import { INVALID_NPI, MESSAGES, isValidEmail, isValidNpi } from '@app/validation';
import { GridQueryRequest } from '../grid';
import { INVALID_LAST_NAME, cityField, nameField, optionalText, optionalUsPhoneField, stateField, streetField, zipField } from './profiles';

/**
 * Facilities (spec practices-facilities-widgets §2, §3, §4, §7; accounts §7): the
 * gateway's request bodies and query strings and the directory.cmd/qry payloads and replies.
 * JSON and form data alike (every value may arrive as text). A facility belongs to the admin who
 * added it: `adminEmail` in a request is accepted for compatibility and ignored (the owner is the
 * signed-in user). Every failure names its field, with the spec's message where it has one.
 *
 * Routes (each also on its `/api` or `/api/v1` twin), admins only (master admin or the admin flag):
 * - `GET  /api/users/allFacilities`    query AllFacilitiesRequest  -> AllFacilitiesReply
 * - `GET  /api/users/facility/count`   query AllFacilitiesRequest (filters apply) -> FacilityCountReply
 * - `GET  /api/users/facility`         query FacilityIdRequest -> FacilityReply (404 unknown / another admin's)
 * - `PUT  /api/v1/users/addFacility`   body AddFacilityRequest -> FacilityReply; 409 FACILITY_NPI_TAKEN
 * - `POST /api/v1/users/updateFacility` body UpdateFacilityRequest (facilityId + the create fields) -> FacilityReply
 * - `DELETE /api/v1/users/deleteFacility` body or query FacilityIdRequest (`facilityId`, or `_id` as deleteUser) -> { success: true }
 */

/** 409 of addFacility / updateFacility when the admin already has a facility with this NPI. */
export const FACILITY_NPI_TAKEN = 'A facility with this NPI is already in your list';
/** 404 of a facility that does not exist or belongs to another admin. */
export const FACILITY_NOT_FOUND = 'Facility not found';

/** Entity type code (spec §9): 1 individual, 2 organization. */
export const ENTITY_TYPE_CODES = ['1', '2'] as const;
export type EntityTypeCode = (typeof ENTITY_TYPE_CODES)[number];

const requiredNpi = () =>
  z
    .union([z.string(), z.number(), z.null(), z.undefined()], { error: INVALID_NPI })
    .optional()
    .transform((v) => (v === null || v === undefined ? '' : String(v).replace(/[\s-]/g, '')))
    .refine((v) => v.length === 10 && isValidNpi(v), { message: INVALID_NPI });

const optionalEmail = (field = 'email') =>
  optionalText(field, 254)
    .refine((v) => v === null || isValidEmail(v), { message: MESSAGES.invalidEmail })
    .transform((v) => (v === null ? null : v.toLowerCase()));

const entityTypeField = z
  .union([z.enum(ENTITY_TYPE_CODES), z.literal(1), z.literal(2), z.literal(''), z.null(), z.undefined()], { error: 'entityTypeCode must be 1 (individual) or 2 (organization)' })
  .optional()
  .transform((v): EntityTypeCode | null => (v === '' || v === null || v === undefined ? null : (String(v) as EntityTypeCode)));

/** The facility create payload of spec §3 ('Create New Facility Profile', button 'Add Facility'). */
const facilityFields = {
  /** Accepted for compatibility, ignored: the owner is the signed-in admin. */
  adminEmail: z.unknown().optional(),
  npi: requiredNpi(),
  /** Optional: when absent the directory takes it from the registry, else 2 when only an organization name is given, else 1. */
  entityTypeCode: entityTypeField,
  contactPersonFirstName: nameField('contactPersonFirstName'),
  contactPersonMiddleName: nameField('contactPersonMiddleName'),
  contactPersonLastName: nameField('contactPersonLastName'),
  mailingAddressOrgName: optionalText('mailingAddressOrgName'),
  mailingAddressStreet: streetField('mailingAddressStreet'),
  mailingAddressSuite: optionalText('mailingAddressSuite', 50),
  mailingAddressCity: cityField('mailingAddressCity'),
  mailingAddressState: stateField('mailingAddressState'),
  mailingAddressZip: zipField('mailingAddressZip'),
  email: optionalEmail(),
  /** US numbers ('Invalid Phone #'), stored in E.164 (+1xxxxxxxxxx); the web shows xxx-xxx-xxxx. */
  mobile: optionalUsPhoneField('mobile'),
  phone: optionalUsPhoneField('phone'),
  fax: optionalUsPhoneField('fax'),
};

/** A facility needs a contact person's last name, or an organization name. */
function needsAName(v: { contactPersonLastName: string | null; mailingAddressOrgName: string | null }, ctx: z.RefinementCtx) {
  if (!v.contactPersonLastName && !v.mailingAddressOrgName) ctx.addIssue({ code: 'custom', path: ['contactPersonLastName'], message: INVALID_LAST_NAME });
}

/** PUT /api/v1/users/addFacility */
export const AddFacilityRequest = z.object(facilityFields).superRefine(needsAName);
export type AddFacilityRequest = z.infer<typeof AddFacilityRequest>;

const facilityIdField = z.uuid({ error: 'facilityId must be a facility id' });

/** POST /api/v1/users/updateFacility ('Edit Record'): the facility's id and every create field (the whole record). */
export const UpdateFacilityRequest = z
  .object({ facilityId: facilityIdField, ...facilityFields })
  .superRefine(needsAName);
export type UpdateFacilityRequest = z.infer<typeof UpdateFacilityRequest>;

/** GET /api/users/facility, DELETE /api/v1/users/deleteFacility: `facilityId` (or `_id`, as deleteUser sends it). */
export const FacilityIdRequest = z
  .object({ facilityId: z.unknown().optional(), _id: z.unknown().optional(), adminEmail: z.unknown().optional() })
  .transform((v, ctx) => {
    const id = v.facilityId ?? v._id;
    const r = facilityIdField.safeParse(id);
    if (!r.success) {
      ctx.addIssue({ code: 'custom', path: ['facilityId'], message: 'facilityId must be a facility id' });
      return z.NEVER;
    }
    return { facilityId: r.data };
  });
export type FacilityIdRequest = z.infer<typeof FacilityIdRequest>;

/** GET /api/users/allFacilities and /api/users/facility/count: the grid contract plus adminEmail (ignored). */
export const AllFacilitiesRequest = GridQueryRequest.extend({ adminEmail: z.unknown().optional() }).transform(({ adminEmail: _ignored, ...q }) => q);
export type AllFacilitiesRequest = z.infer<typeof AllFacilitiesRequest>;

/**
 * The facilities grid's fields (filters and sorting). `primaryPracticeAddress` is the address
 * filter ('Enter city, state code, or ZIP'); `entityTypeCode` takes `exactMatch` '1' or '2'
 * (the npiType switch); `name` is 'Last, First Middle' or the organization name.
 */
export const FACILITIES_GRID_FIELDS = [
  'npi',
  'entityTypeCode',
  'name',
  'contactPersonLastName',
  'contactPersonMiddleName',
  'contactPersonFirstName',
  'organizationName',
  'primaryPracticeAddress',
  'mobile',
  'phone',
  'fax',
  'email',
  'createdAt',
  'updatedAt',
] as const;
export type FacilitiesGridField = (typeof FACILITIES_GRID_FIELDS)[number];

/** A facility (spec §3) as the list, the reads and the writes answer it. */
export type FacilityView = {
  _id: string;
  npi: string;
  entityTypeCode: EntityTypeCode;
  contactPersonFirstName: string | null;
  contactPersonMiddleName: string | null;
  contactPersonLastName: string | null;
  /** The create payload's mailingAddressOrgName. */
  organizationName: string | null;
  mailingAddress: { street: string; suite: string | null; city: string; state: string; zip: string };
  mobile: string | null;
  phone: string | null;
  fax: string | null;
  email: string | null;
  /** The owning admin's email (as the owner's profile holds it now). */
  adminEmail: string | null;
  createdAt: string;
  updatedAt: string;
};


/** The facility's fields as the directory's commands carry them (the owner comes from the signed-in actor). */
export type FacilityDetailsInput = Omit<AddFacilityRequest, 'adminEmail'>;
const FacilityDetailsPayload = AddFacilityRequest.transform(({ adminEmail: _ignored, ...d }) => d);
/** directory.cmd.addFacility as the service checks it again (a facility belongs to its caller, whatever adminEmail says). */
export const AddFacilityPayload = z.object({ details: FacilityDetailsPayload });
export type AddFacilityPayload = { details: FacilityDetailsInput };
/** directory.cmd.updateFacility as the service checks it again. */
export const UpdateFacilityPayload = z.object({ facilityId: z.uuid({ error: 'facilityId must be a facility id' }), details: FacilityDetailsPayload });
export type UpdateFacilityPayload = { facilityId: string; details: FacilityDetailsInput };
export type FacilityIdPayload = { facilityId: string };
export type FacilitiesQueryPayload = AllFacilitiesRequest;
