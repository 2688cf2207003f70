import { z } from 'zod';
import { INVALID_NPI, LIMITS, isValidNpi } from '@app/validation';
import {
  cityField,
  displayNameField,
  emailField,
  imageUrlField,
  optionalText,
  optionalUsPhoneField,
  stateField,
  streetField,
  usPhoneField,
  userNameField,
  websiteField,
  zipField,
} from '../directory/profiles';
import { defineRpcs, schemaOf } from '../rpc-contract';
import { GridQueryRequest } from '../grid/query';

/**
 * Practices (spec practices §3, §4, §5, §7): access types, the gateway's request
 * bodies and query strings, the practices.cmd/qry payloads and the views they answer. JSON and
 * form data alike (every value may arrive as text; lists as JSON text). Every failure names its
 * field, with the spec's message where it has one.
 */
/** Spec §4/§6: every access type a practice user can have (any can change into any other). */
export const ACCESS_TYPES = ['Provider', 'Practice Owner', 'Practice Manager', 'Credentialer', 'Member', 'Consultant'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];
/** Spec §4, §9: a newly added owner starts as Member. */
export const DEFAULT_ACCESS_TYPE: AccessType = 'Member';
export const PRACTICE_OWNER: AccessType = 'Practice Owner';
/** Who edits a practice and its users (besides the master admin). */
export const EDITING_ACCESS_TYPES: readonly AccessType[] = ['Practice Owner', 'Practice Manager'];

export const INVALID_PRACTICE_NAME = 'Invalid Practice Name';
export const INVALID_ACCESS_TYPE = 'Invalid Access Type';
export const NEEDS_AN_OWNER = 'Add at least one Practice Owner';
export const NEEDS_A_PRACTICE_OWNER = 'At least one owner must have the access type Practice Owner';
export const LAST_PRACTICE_OWNER = 'A practice must keep at least one Practice Owner';
export const NPI_TAKEN = 'A practice with this NPI already exists';
export const MAX_PRACTICE_USERS = 500;
const MAX_DESCRIPTION = 5000;

const requiredNpi = () =>
  z
    .union([z.string(), z.number(), z.null(), z.undefined()])
    .transform((v) => (v === null || v === undefined ? '' : String(v).trim()))
    .refine((v) => isValidNpi(v), { message: INVALID_NPI });

/** An optional field of a request: absent, null or empty is null (zod 4 needs `.optional()` outside for an absent key). */
function absentAsNull<T extends z.ZodType>(schema: T) {
  return schema.optional().transform((v) => (v === undefined ? null : v) as Exclude<z.output<T>, undefined> | null);
}

export const accessTypeField = (field = 'accessType') =>
  z
    .union([z.string(), z.null()], { error: INVALID_ACCESS_TYPE })
    .optional()
    .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : DEFAULT_ACCESS_TYPE))
    .refine((v): v is AccessType => (ACCESS_TYPES as readonly string[]).includes(v), { message: `${field}: ${INVALID_ACCESS_TYPE}` })
    .transform((v) => v as AccessType);

/** A JSON list that may arrive as JSON text (form data). */
function jsonList<T extends z.ZodType>(field: string, item: T, max = MAX_PRACTICE_USERS) {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return [];
      if (typeof v === 'string') {
        try {
          return JSON.parse(v);
        } catch {
          return v;
        }
      }
      return v;
    },
    z.array(item, { error: `${field} must be a list` }).max(max, { message: `${field}: at most ${max}` }),
  );
}

/** One owner of the create and update payloads: {fullName, npi, id, accessType, avatarImageUrl}. */
export const PracticeOwnerInput = z.object({
  id: z.uuid({ error: 'practiceOwners: id must be a user id' }),
  fullName: absentAsNull(optionalText('fullName', 200)),
  npi: absentAsNull(optionalText('npi', 10)),
  accessType: accessTypeField(),
  avatarImageUrl: absentAsNull(optionalText('avatarImageUrl', 300)),
});
export type PracticeOwnerInput = z.infer<typeof PracticeOwnerInput>;

const ownersField = () =>
  jsonList('practiceOwners', PracticeOwnerInput).superRefine((owners, ctx) => {
    if (!owners.length) ctx.addIssue({ code: 'custom', message: NEEDS_AN_OWNER });
    const ids = new Set<string>();
    for (const o of owners) {
      if (ids.has(o.id)) ctx.addIssue({ code: 'custom', message: 'practiceOwners: the same user is listed twice' });
      ids.add(o.id);
    }
  });

/** The deleted owners of an update: their ids, or the owner objects the web had. */
const deletedOwnersField = () =>
  jsonList('deletedOwners', z.union([z.uuid({ error: 'deletedOwners: a user id' }), z.looseObject({ id: z.uuid({ error: 'deletedOwners: a user id' }) })])).transform((list) =>
    list.map((d) => (typeof d === 'string' ? d : d.id)),
  );

const practiceNameField = () =>
  z
    .union([z.string(), z.null(), z.undefined()])
    .transform((v) => (typeof v === 'string' ? v.trim() : ''))
    .refine((v) => v.length >= 1 && v.length <= 200, { message: INVALID_PRACTICE_NAME });

/** PUT /api/users/addPractice: the practice create payload (spec §3). */
export const AddPracticeRequest = z.object({
  npi: requiredNpi(),
  practiceName: practiceNameField(),
  displayName: displayNameField(),
  userName: userNameField(),
  streetAddress: streetField('streetAddress'),
  suite: absentAsNull(optionalText('suite', 50)),
  city: cityField('city'),
  state: stateField('state'),
  zip: zipField('zip'),
  email: emailField(),
  phone: usPhoneField(),
  fax: absentAsNull(optionalUsPhoneField('fax')),
  website: absentAsNull(websiteField()),
  avatarImageUrl: absentAsNull(imageUrlField('avatarImageUrl')),
  bannerImageUrl: absentAsNull(imageUrlField('bannerImageUrl')),
  profileDescription: absentAsNull(optionalText('profileDescription', MAX_DESCRIPTION)),
  practiceOwners: ownersField(),
});
export type AddPracticeRequest = z.infer<typeof AddPracticeRequest>;

/** POST /api/users/updatePracticeProfile and /api/v1/...: the practice update payload (spec §3); email is not editable. */
export const UpdatePracticeRequest = z.object({
  practiceId: z.uuid({ error: 'practiceId must be a practice id' }),
  displayName: displayNameField(),
  userName: userNameField(),
  streetAddress: streetField('streetAddress'),
  suite: absentAsNull(optionalText('suite', 50)),
  city: cityField('city'),
  state: stateField('state'),
  zip: zipField('zip'),
  phone: absentAsNull(optionalUsPhoneField('phone')),
  fax: absentAsNull(optionalUsPhoneField('fax')),
  website: absentAsNull(websiteField()),
  profileDescription: absentAsNull(optionalText('profileDescription', MAX_DESCRIPTION)),
  practiceOwners: ownersField(),
  deletedOwners: deletedOwnersField(),
});
export type UpdatePracticeRequest = z.infer<typeof UpdatePracticeRequest>;

export const PracticeIdRequest = z.object({ practiceId: z.uuid({ error: 'practiceId must be a practice id' }) });
/** DELETE /api/users/deletePractice: form field _id. */
export const DeletePracticeRequest = z.object({ _id: z.uuid({ error: '_id must be a practice id' }) });

/** practices.cmd.changePracticeImage (the gateway stored the upload first). */
export const ChangePracticeImagePayload = z.object({
  practiceId: z.uuid({ error: 'practiceId must be a practice id' }),
  image: z.enum(['banner', 'avatar']),
  url: imageUrlField('url').refine((v) => v !== null, { message: 'url is required' }),
});

export const PracticeProfileQuery = z.object({ npi: requiredNpi() });
/** GET /api/users/getPracticeProviders: a practice (practiceId or npi), or owner ids (comma-separated or a JSON array). */
export const PracticeProvidersQuery = z
  .object({
    practiceId: z.uuid({ error: 'practiceId must be a practice id' }).optional(),
    npi: z.string().trim().refine((v) => isValidNpi(v), { message: INVALID_NPI }).optional(),
    ownerIds: absentAsNull(optionalText('ownerIds', 20_000)).transform((v, ctx) => {
      if (v === null) return [] as string[];
      let list: unknown = v.split(',').map((s) => s.trim()).filter(Boolean);
      if (v.startsWith('[')) {
        try {
          list = JSON.parse(v);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'ownerIds: user ids, comma-separated or a JSON array' });
          return z.NEVER;
        }
      }
      const parsed = z.array(z.uuid()).max(MAX_PRACTICE_USERS).safeParse(list);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'ownerIds: user ids, comma-separated or a JSON array' });
        return z.NEVER;
      }
      return parsed.data;
    }),
  })
  .superRefine((v, ctx) => {
    if (!v.practiceId && !v.npi && !v.ownerIds.length) ctx.addIssue({ code: 'custom', path: ['practiceId'], message: 'practiceId, npi or ownerIds is required' });
  });
export type PracticeProvidersQuery = z.infer<typeof PracticeProvidersQuery>;

/** getProviderPractices: a user's practices (providerId or userId; none: the caller's own), or practices by id. */
export const UserPracticesQuery = z.object({
  providerId: z.uuid({ error: 'providerId must be a user id' }).optional(),
  userId: z.uuid({ error: 'userId must be a user id' }).optional(),
  practiceIds: absentAsNull(optionalText('practiceIds', 20_000)).transform((v, ctx) => {
    if (v === null) return [] as string[];
    let list: unknown = v.split(',').map((s) => s.trim()).filter(Boolean);
    if (v.startsWith('[')) {
      try {
        list = JSON.parse(v);
      } catch {
        list = null;
      }
    }
    const parsed = z.array(z.uuid()).max(MAX_PRACTICE_USERS).safeParse(list);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'practiceIds: practice ids, comma-separated or a JSON array' });
      return z.NEVER;
    }
    return parsed.data;
  }),
});
export type UserPracticesQuery = z.infer<typeof UserPracticesQuery>;

export const PracticeUserNameExistsQuery = z.object({ userName: userNameField() });
export const PracticeEmailExistsQuery = z.object({ email: emailField() });
export const PracticeUserNameSuggestionQuery = z.object({
  organizationName: z
    .union([z.string(), z.null(), z.undefined()])
    .transform((v) => (typeof v === 'string' ? v.trim() : ''))
    .refine((v) => v.length >= 2 && v.length <= 200, { message: 'organizationName: 2 to 200 characters' }),
});
/** GET /api/v1/practices/byNpi: which of these registry NPIs are practices already (npis: comma-separated, at most 100). */
export const PracticesByNpiQuery = z.object({
  npis: absentAsNull(optionalText('npis', 2000)).transform((v, ctx) => {
    const list = (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (list.length > 100 || list.some((n) => !/^\d{10}$/.test(n))) {
      ctx.addIssue({ code: 'custom', message: 'npis: at most 100 NPIs, comma-separated' });
      return z.NEVER;
    }
    return list;
  }),
});

export const ExistsPayload = z.object({ field: z.enum(['userName', 'email']), value: z.string().max(LIMITS.email.max) });

// --- payloads to the service -------------------------------------------------------------------

const PracticeAddressPayload = z.object({ streetAddress1: z.string().nullable(), suite: z.string().nullable(), city: z.string().nullable(), state: z.string().nullable(), zip: z.string().nullable() });
export type PracticeAddressV = z.infer<typeof PracticeAddressPayload>;

/** A practice's details as the gateway hands them to the service (it validated the §5 rules already; the service checks the shape again). */
export const PracticeDetailsPayload = z.object({
  npi: z.string().regex(/^\d{10}$/),
  practiceName: z.string().min(1).max(200),
  displayName: z.string().min(2).max(40),
  userName: z.string().min(2).max(20),
  email: z.string().min(3).max(320),
  mailingAddress: PracticeAddressPayload,
  phone: z.string().max(40).nullable(),
  fax: z.string().max(40).nullable(),
  website: z.string().max(500).nullable(),
  profileDescription: z.string().max(5000).nullable(),
  bannerImageUrl: z.string().max(300).nullable(),
  avatarImageUrl: z.string().max(300).nullable(),
});
export type PracticeDetailsInput = z.infer<typeof PracticeDetailsPayload>;

export const OwnerPayload = z.object({
  id: z.uuid(),
  accessType: z.enum(ACCESS_TYPES),
  fullName: z.string().max(200).nullable(),
  npi: z.string().max(10).nullable(),
  avatarImageUrl: z.string().max(300).nullable(),
});
export type OwnerInput = z.infer<typeof OwnerPayload>;

/** practices.cmd.createPractice */
export const CreatePracticePayload = z.object({ details: PracticeDetailsPayload, owners: z.array(OwnerPayload).max(MAX_PRACTICE_USERS) });
export type CreatePracticePayload = z.infer<typeof CreatePracticePayload>;
/** practices.cmd.updatePractice */
export const UpdatePracticePayload = z.object({
  practiceId: z.uuid(),
  changes: PracticeDetailsPayload.pick({ displayName: true, userName: true, mailingAddress: true, phone: true, fax: true, website: true, profileDescription: true }).partial(),
  owners: z.array(OwnerPayload).max(MAX_PRACTICE_USERS),
  deletedOwners: z.array(z.uuid()).max(MAX_PRACTICE_USERS),
});
export type UpdatePracticePayload = z.infer<typeof UpdatePracticePayload>;

export function createPayloadFromRequest(b: AddPracticeRequest): CreatePracticePayload {
  return {
    details: {
      npi: b.npi,
      practiceName: b.practiceName,
      displayName: b.displayName,
      userName: b.userName,
      email: b.email,
      mailingAddress: { streetAddress1: b.streetAddress, suite: b.suite, city: b.city, state: b.state, zip: b.zip },
      phone: b.phone,
      fax: b.fax,
      website: b.website,
      profileDescription: b.profileDescription,
      bannerImageUrl: b.bannerImageUrl,
      avatarImageUrl: b.avatarImageUrl,
    },
    owners: b.practiceOwners,
  };
}

export function updatePayloadFromRequest(b: UpdatePracticeRequest): UpdatePracticePayload {
  return {
    practiceId: b.practiceId,
    changes: {
      displayName: b.displayName,
      userName: b.userName,
      mailingAddress: { streetAddress1: b.streetAddress, suite: b.suite, city: b.city, state: b.state, zip: b.zip },
      ...(b.phone !== null ? { phone: b.phone } : {}),
      fax: b.fax,
      website: b.website,
      profileDescription: b.profileDescription,
    },
    owners: b.practiceOwners,
    deletedOwners: b.deletedOwners,
  };
}

// --- views -------------------------------------------------------------------------------------

/** A user of a practice as lists show it (spec §3: fullName, accessType, npi, avatarImageUrl, id). */
export type PracticeUserView = { id: string; user: string; fullName: string; accessType: AccessType; npi: string | null; avatarImageUrl: string | null };

/** A practice in a list (spec §3 "Practice (list)", accounts §3 "Practice as shown in a user's list"). */
export type PracticeListItem = {
  _id: string;
  practiceName: string;
  npi: string;
  displayName: string;
  userName: string;
  mailingAddress: { streetAddress1: string | null; city: string | null; state: string | null; zip: string | null };
  phone: string | null;
  avatarImageUrl: string | null;
  users: PracticeUserView[];
};

/** The practice profile (spec §3 "Practice (profile)"). */
export type PracticeProfile = {
  _id: string;
  npi: string;
  practiceName: string;
  displayName: string;
  userName: string;
  email: string;
  mobile: string | null;
  phone: string | null;
  fax: string | null;
  website: string | null;
  profileDescription: string | null;
  mailingAddress: PracticeAddressV;
  bannerImageUrl: string | null;
  avatarImageUrl: string | null;
  users: PracticeUserView[];
  lastUpdate: string;
};

/** A provider of a practice (spec §3 "Provider record"), with the access type in that practice. */
export type PracticeProviderView = {
  _id: string;
  npi: string | null;
  firstName: string | null;
  lastName: string | null;
  fullName: string;
  mailingAddress: { streetAddress1: string | null; city: string | null; state: string | null; zip: string | null };
  phone: string | null;
  avatarImageUrl: string | null;
  accessType: AccessType | null;
  practices: { practice: string; accessType: AccessType }[];
};

const nullableText = z.string().nullable();
const ListAddress = z.object({ streetAddress1: nullableText, city: nullableText, state: nullableText, zip: nullableText });
export const PracticeUserViewSchema = schemaOf<PracticeUserView>()(
  z.object({ id: z.string(), user: z.string(), fullName: z.string(), accessType: z.enum(ACCESS_TYPES), npi: nullableText, avatarImageUrl: nullableText }),
);
export const PracticeListItemSchema = schemaOf<PracticeListItem>()(
  z.object({
    _id: z.string(),
    practiceName: z.string(),
    npi: z.string(),
    displayName: z.string(),
    userName: z.string(),
    mailingAddress: ListAddress,
    phone: nullableText,
    avatarImageUrl: nullableText,
    users: z.array(PracticeUserViewSchema),
  }),
);
export const PracticeProfileSchema = schemaOf<PracticeProfile>()(
  z.object({
    _id: z.string(),
    npi: z.string(),
    practiceName: z.string(),
    displayName: z.string(),
    userName: z.string(),
    email: z.string(),
    mobile: nullableText,
    phone: nullableText,
    fax: nullableText,
    website: nullableText,
    profileDescription: nullableText,
    mailingAddress: PracticeAddressPayload,
    bannerImageUrl: nullableText,
    avatarImageUrl: nullableText,
    users: z.array(PracticeUserViewSchema),
    lastUpdate: z.string(),
  }),
);
export const PracticeProviderViewSchema = schemaOf<PracticeProviderView>()(
  z.object({
    _id: z.string(),
    npi: nullableText,
    firstName: nullableText,
    lastName: nullableText,
    fullName: z.string(),
    mailingAddress: ListAddress,
    phone: nullableText,
    avatarImageUrl: nullableText,
    accessType: z.enum(ACCESS_TYPES).nullable(),
    practices: z.array(z.object({ practice: z.string(), accessType: z.enum(ACCESS_TYPES) })),
  }),
);

export const ListPracticesReply = z.object({ practices: z.array(PracticeListItemSchema), count: z.number() });
export type ListPracticesReply = z.infer<typeof ListPracticesReply>;
export const PracticeReply = z.object({ success: z.literal(true), practice: PracticeProfileSchema });
export type PracticeReply = z.infer<typeof PracticeReply>;
export const PracticeSuccessReply = z.object({ success: z.literal(true) });
export const PracticeProvidersReply = z.object({ providers: z.array(PracticeProviderViewSchema) });
export const UserPracticesReply = z.object({ practices: z.array(PracticeListItemSchema) });
export const PracticesByNpiReply = z.object({ practices: z.array(z.object({ npi: z.string(), userName: z.string(), _id: z.string() })) });
export const PracticeExistsReply = z.object({ isDuplicate: z.boolean() });
export const PracticeUserNameReply = z.object({ userName: z.string() });

// --- the service's request types (from the schemas above) --------------------------------------

export type PracticeIdRequest = z.infer<typeof PracticeIdRequest>;
export type PracticeProfileQuery = z.infer<typeof PracticeProfileQuery>;
export type PracticesByNpiQuery = z.infer<typeof PracticesByNpiQuery>;
export type ExistsPayload = z.infer<typeof ExistsPayload>;
export type PracticeUserNameSuggestionQuery = z.infer<typeof PracticeUserNameSuggestionQuery>;
export type ChangePracticeImagePayload = z.infer<typeof ChangePracticeImagePayload>;

/**
 * The practices service's calls (practices.cmd/qry.<name>). The gateway validated the §5 rules
 * already; the service checks the shape again with the same contract, answering the schemas' own
 * messages (`messages: 'user'`).
 */
export const PRACTICES_RPC = defineRpcs('practices', {
  createPractice: { kind: 'cmd', request: CreatePracticePayload, reply: PracticeReply, messages: 'user' },
  updatePractice: { kind: 'cmd', request: UpdatePracticePayload, reply: PracticeReply, messages: 'user' },
  changeImage: { name: 'changePracticeImage', kind: 'cmd', request: ChangePracticeImagePayload, reply: PracticeReply, messages: 'user' },
  /** Whether the caller may change the practice's images: asked before an upload is stored. */
  mayChangeImage: { name: 'mayChangePracticeImage', kind: 'qry', request: PracticeIdRequest, reply: PracticeSuccessReply, messages: 'user' },
  deletePractice: { kind: 'cmd', request: PracticeIdRequest, reply: PracticeSuccessReply, messages: 'user' },
  listPractices: { kind: 'qry', request: GridQueryRequest, reply: ListPracticesReply, messages: 'user' },
  getProfile: { name: 'getPracticeProfile', kind: 'qry', request: PracticeProfileQuery, reply: PracticeReply, messages: 'user' },
  getProviders: { name: 'getPracticeProviders', kind: 'qry', request: PracticeProvidersQuery, reply: PracticeProvidersReply, messages: 'user' },
  userPractices: { kind: 'qry', request: UserPracticesQuery, reply: UserPracticesReply, messages: 'user' },
  byNpis: { name: 'practicesByNpis', kind: 'qry', request: PracticesByNpiQuery, reply: PracticesByNpiReply, messages: 'user' },
  exists: { name: 'practiceExists', kind: 'qry', request: ExistsPayload, reply: PracticeExistsReply, messages: 'user' },
  suggestUserName: { name: 'suggestPracticeUserName', kind: 'qry', request: PracticeUserNameSuggestionQuery, reply: PracticeUserNameReply, messages: 'user' },
});
