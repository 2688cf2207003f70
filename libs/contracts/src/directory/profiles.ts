import { z } from 'zod';
import {
  INVALID_NPI,
  LIMITS,
  MESSAGES,
  isValidEmail,
  isValidNpi,
  isValidState,
  isValidUsPhone,
  normalizeAccountMobile,
  normalizePhone,
} from '@app/validation';
import { GridQueryRequest } from '../grid';

/**
 * Profiles and users (spec accounts §3, §5, §7 "Profiles and users"): the gateway's
 * request bodies and query strings, and the directory.cmd/qry payloads. JSON and form data alike
 * (every value may arrive as text). Every failure names its field, with the spec's message
 * where it has one.
 */

export const INVALID_STREET = 'Invalid Street';
export const INVALID_CITY = 'Invalid City';
export const INVALID_STATE = 'Invalid State';
export const INVALID_ZIP = 'Invalid Zip';
export const INVALID_FIRST_NAME = 'Invalid First Name';
export const INVALID_LAST_NAME = 'Invalid Last Name';
export const INVALID_WEBSITE = 'Invalid Website';
export const INVALID_IMAGE_URL = 'Invalid image';

/** Where uploaded files are served (apps/gateway/src/uploads): `/api/files/<32 hex>.<ext>`. */
export const UPLOADED_FILE_URL = /^\/api\/files\/[a-f0-9]{32}\.(png|jpg|pdf|docx?|xlsx?|pptx?)$/;
export const UPLOADED_IMAGE_URL = /^\/api\/files\/[a-f0-9]{32}\.(png|jpg)$/;

const MAX_TEXT = 200;
const MAX_DESCRIPTION = 5000;

const asText = (field: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: (i) => (i.input === undefined || i.input === null ? `${field} is required` : `${field} must be text`) }),
  );

/** Optional text: trimmed, '' or absent -> null. */
export function optionalText(field: string, max = MAX_TEXT) {
  return z
    .union([asText(field), z.null(), z.undefined()])
    .transform((v) => (typeof v === 'string' ? v.trim() : ''))
    .refine((v) => v.length <= max, { message: `${field}: at most ${max} characters` })
    .transform((v) => (v === '' ? null : v));
}

/** Required text checked by a rule: a missing, empty or bad value answers `message`. */
function ruled(field: string, message: string, ok: (v: string) => boolean, max = MAX_TEXT) {
  return z
    .union([asText(field), z.null(), z.undefined()])
    .transform((v) => (typeof v === 'string' ? v.trim() : ''))
    .refine((v) => v.length <= max && ok(v), { message });
}

/** Optional text checked by a rule when present. */
function optionalRuled(field: string, message: string, ok: (v: string) => boolean, max = MAX_TEXT) {
  return optionalText(field, max).refine((v) => v === null || ok(v), { message });
}

export const streetField = (field: string) => ruled(field, INVALID_STREET, (v) => v.length > LIMITS.street.minExclusive);
export const cityField = (field: string) => ruled(field, INVALID_CITY, (v) => v.length >= LIMITS.city.min, 100);
export const stateField = (field: string) =>
  ruled(field, INVALID_STATE, (v) => isValidState(v), 2).transform((v) => v.toUpperCase());
export const zipField = (field: string) => ruled(field, INVALID_ZIP, (v) => /^\d{5}(-?\d{4})?$/.test(v), 10);
export const displayNameField = (field = 'displayName') =>
  ruled(field, MESSAGES.invalidDisplayName, (v) => v.length >= LIMITS.displayName.min && v.length <= LIMITS.displayName.max, LIMITS.displayName.max);
export const userNameField = (field = 'userName') =>
  z
    .union([asText(field), z.null(), z.undefined()])
    .transform((v) => (typeof v === 'string' ? v.trim() : ''))
    .refine((v) => v.length >= LIMITS.userName.min && v.length <= LIMITS.userName.max && !/\s/.test(v), { message: MESSAGES.invalidUserName });
export const emailField = (field = 'email') =>
  ruled(field, MESSAGES.invalidEmail, isValidEmail, LIMITS.email.max).transform((v) => v.toLowerCase());
/** A valid US mobile, stored in E.164. */
export const usMobileField = (field = 'mobile') =>
  ruled(field, MESSAGES.invalidMobile, (v) => normalizeAccountMobile(v)?.startsWith('+1') === true, 40).transform((v) => normalizeAccountMobile(v) as string);
/** A valid US phone, stored in E.164. */
export const usPhoneField = (field = 'phone') => ruled(field, MESSAGES.invalidPhone, isValidUsPhone, 40).transform((v) => normalizePhone(v, ['US']) as string);
export const optionalUsPhoneField = (field: string) =>
  optionalRuled(field, MESSAGES.invalidPhone, isValidUsPhone, 40).transform((v) => (v === null ? null : (normalizePhone(v, ['US']) as string)));
export const npiField = (field = 'npi') => optionalRuled(field, INVALID_NPI, (v) => isValidNpi(v), 10);
/** A web address: http(s) only (never javascript: or data:), a scheme added when missing. */
export const websiteField = (field = 'website') =>
  optionalRuled(field, INVALID_WEBSITE, (v) => {
    try {
      const u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
    } catch {
      return false;
    }
  }).transform((v) => (v === null ? null : /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`));
/** An image uploaded through uploadImg (our own URL, never an outside one). */
export const imageUrlField = (field: string) => optionalRuled(field, INVALID_IMAGE_URL, (v) => UPLOADED_IMAGE_URL.test(v));
export const nameField = (field: string, max = 100) => optionalText(field, max);

const booleanish = (field: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', '']), z.undefined(), z.null()], { error: `${field} must be true or false` })
    .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

export const RequestIdField = z
  .string({ error: 'requestId must be text' })
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'requestId: 8 to 100 letters, digits, _ . : -')
  .optional();

export type MailingAddressV = { streetAddress1: string | null; streetAddress2: string | null; suite: string | null; city: string | null; state: string | null; zip: string | null };

/** The directory's part of a person, as the create and edit calls send it. */
export type ProfileDetailsInput = {
  npi: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  displayName: string | null;
  credentials: string | null;
  specialty: string | null;
  organization: string | null;
  mailingAddress: MailingAddressV;
  phone: string | null;
  fax: string | null;
  website: string | null;
  profileDescription: string | null;
  bannerImageUrl: string | null;
  avatarImageUrl: string | null;
};

/** First and last name of a non-provider: more than 2 characters each (spec §5). */
const nameLongEnough = (v: string | null) => v !== null && v.length > 2;

/** POST /api/v1/users/addUser: 'Create New Provider Profile' (the provider create payload of §3). */
export const AddUserRequest = z
  .object({
    requestId: RequestIdField,
    npi: npiField(),
    firstName: nameField('firstName'),
    middleName: nameField('middleName'),
    lastName: nameField('lastName'),
    mailingAddressOrgName: optionalText('mailingAddressOrgName'),
    mailingAddressStreet: streetField('mailingAddressStreet'),
    mailingAddressSuite: optionalText('mailingAddressSuite', 50),
    mailingAddressCity: cityField('mailingAddressCity'),
    mailingAddressState: stateField('mailingAddressState'),
    mailingAddressZip: zipField('mailingAddressZip'),
    email: emailField(),
    mobile: usMobileField(),
    phone: usPhoneField(),
    fax: optionalUsPhoneField('fax'),
  })
  .superRefine((v, ctx) => {
    if (!v.firstName) ctx.addIssue({ code: 'custom', path: ['firstName'], message: INVALID_FIRST_NAME });
    else if (!v.lastName) ctx.addIssue({ code: 'custom', path: ['lastName'], message: INVALID_LAST_NAME });
  });
export type AddUserRequest = z.infer<typeof AddUserRequest>;

/** POST /api/v1/users/addUser2: 'Create User Profile' (provider or not). */
export const AddUser2Request = z
  .object({
    requestId: RequestIdField,
    isProvider: booleanish('isProvider').optional(),
    npi: npiField(),
    firstName: nameField('firstName'),
    middleName: nameField('middleName'),
    lastName: nameField('lastName'),
    displayName: displayNameField(),
    userName: userNameField(),
    streetAddress: streetField('streetAddress'),
    suite: optionalText('suite', 50),
    city: cityField('city'),
    state: stateField('state'),
    zip: zipField('zip'),
    email: emailField(),
    mobile: usMobileField(),
    phone: usPhoneField(),
    fax: optionalUsPhoneField('fax'),
    website: websiteField(),
    avatarImageUrl: imageUrlField('avatarImageUrl'),
    bannerImageUrl: imageUrlField('bannerImageUrl'),
    profileDescription: optionalText('profileDescription', MAX_DESCRIPTION),
    credentials: optionalText('credentials', 100),
    specialty: optionalText('specialty', 200),
  })
  .superRefine((v, ctx) => {
    const provider = v.isProvider ?? v.npi !== null;
    if (provider && !v.npi) ctx.addIssue({ code: 'custom', path: ['npi'], message: INVALID_NPI });
    if (!provider && !nameLongEnough(v.firstName)) ctx.addIssue({ code: 'custom', path: ['firstName'], message: INVALID_FIRST_NAME });
    else if (!provider && !nameLongEnough(v.lastName)) ctx.addIssue({ code: 'custom', path: ['lastName'], message: INVALID_LAST_NAME });
  });
export type AddUser2Request = z.infer<typeof AddUser2Request>;

/** directory.cmd.createUser: one request registers the account in identity and records the profile. */
export const CreateUserPayload = z.object({
  requestKey: z.string().min(1).max(400),
  userName: userNameField(),
  email: emailField(),
  mobile: z.string().regex(/^\+1\d{10}$/, MESSAGES.invalidMobile),
  isProvider: z.boolean(),
  isAdmin: z.boolean(),
  details: z.custom<ProfileDetailsInput>((v) => typeof v === 'object' && v !== null, 'details are required'),
  /** Used when the user name is to be suggested by the directory (addUser sends none). */
  suggestUserName: z.boolean().default(false),
  /** Email the invitation ('Set/Reset Password HERE'); always for the gateway's calls, off only for the demo seed. */
  invite: z.boolean().optional(),
});
export type CreateUserPayload = z.infer<typeof CreateUserPayload>;

const emptyAddress = (): MailingAddressV => ({ streetAddress1: null, streetAddress2: null, suite: null, city: null, state: null, zip: null });

/** addUser's body as the directory's create payload (user name suggested by the directory). */
export function createPayloadFromAddUser(b: AddUserRequest, requestKey: string): CreateUserPayload {
  const displayName = [b.firstName, b.lastName].filter(Boolean).join(' ').slice(0, LIMITS.displayName.max);
  return {
    requestKey,
    userName: 'pending',
    suggestUserName: true,
    email: b.email,
    mobile: b.mobile,
    isProvider: true,
    isAdmin: false,
    details: {
      npi: b.npi,
      firstName: b.firstName,
      middleName: b.middleName,
      lastName: b.lastName,
      displayName,
      credentials: null,
      specialty: null,
      organization: b.mailingAddressOrgName,
      mailingAddress: { ...emptyAddress(), streetAddress1: b.mailingAddressStreet, suite: b.mailingAddressSuite, city: b.mailingAddressCity, state: b.mailingAddressState, zip: b.mailingAddressZip },
      phone: b.phone,
      fax: b.fax,
      website: null,
      profileDescription: null,
      bannerImageUrl: null,
      avatarImageUrl: null,
    },
  };
}

export function createPayloadFromAddUser2(b: AddUser2Request, requestKey: string): CreateUserPayload {
  return {
    requestKey,
    userName: b.userName,
    suggestUserName: false,
    email: b.email,
    mobile: b.mobile,
    isProvider: b.isProvider ?? b.npi !== null,
    isAdmin: false,
    details: {
      npi: b.npi,
      firstName: b.firstName,
      middleName: b.middleName,
      lastName: b.lastName,
      displayName: b.displayName,
      credentials: b.credentials,
      specialty: b.specialty,
      organization: null,
      mailingAddress: { ...emptyAddress(), streetAddress1: b.streetAddress, suite: b.suite, city: b.city, state: b.state, zip: b.zip },
      phone: b.phone,
      fax: b.fax,
      website: b.website,
      profileDescription: b.profileDescription,
      bannerImageUrl: b.bannerImageUrl,
      avatarImageUrl: b.avatarImageUrl,
    },
  };
}

/**
 * An approved account request as the directory's create payload: the admin add-user
 * flow with what the requester gave (name, email, mobile, NPI, practice as the organization) and
 * the user name the master admin chose. A provider when an NPI was given.
 */
export function createPayloadFromAccountRequest(
  r: { name: string; email: string; mobile: string; npi: string | null; practice: string },
  userName: string,
  requestKey: string,
): CreateUserPayload {
  const parts = r.name.trim().split(/\s+/);
  const firstName = parts[0] ?? r.name;
  const lastName = parts.length > 1 ? parts.slice(1).join(' ') : null;
  return {
    requestKey,
    userName,
    suggestUserName: false,
    email: r.email,
    mobile: r.mobile,
    isProvider: r.npi !== null,
    isAdmin: false,
    invite: true,
    details: {
      npi: r.npi,
      firstName,
      middleName: null,
      lastName,
      displayName: r.name.slice(0, LIMITS.displayName.max).trim().padEnd(LIMITS.displayName.min, '.'),
      credentials: null,
      specialty: null,
      organization: r.practice,
      mailingAddress: emptyAddress(),
      phone: null,
      fax: null,
      website: null,
      profileDescription: null,
      bannerImageUrl: null,
      avatarImageUrl: null,
    },
  };
}

/** POST /api/v1/users/updateProfile (JSON; `usernameOrEmail` names whose profile: the caller's own unless master admin). */
export const UpdateProfileRequest = z.object({
  usernameOrEmail: optionalText('usernameOrEmail', 320),
  displayName: displayNameField(),
  userName: userNameField(),
  organization: optionalText('organization'),
  street: streetField('street'),
  suite: optionalText('suite', 50),
  city: cityField('city'),
  state: stateField('state'),
  zip: zipField('zip'),
  phone: usPhoneField(),
  fax: optionalUsPhoneField('fax'),
  website: websiteField().optional(),
  profileDescription: optionalText('profileDescription', MAX_DESCRIPTION),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

/** POST /api/users/updateUserProfile (bearer; `userId` names whose profile). */
export const UpdateUserProfileRequest = z.object({
  userId: z.uuid({ error: 'userId must be a user id' }),
  displayName: displayNameField(),
  userName: userNameField(),
  streetAddress: streetField('streetAddress'),
  suite: optionalText('suite', 50),
  city: cityField('city'),
  state: stateField('state'),
  zip: zipField('zip'),
  phone: usPhoneField(),
  fax: optionalUsPhoneField('fax'),
  profileDescription: optionalText('profileDescription', MAX_DESCRIPTION),
  website: websiteField(),
  organization: optionalText('organization').optional(),
});
export type UpdateUserProfileRequest = z.infer<typeof UpdateUserProfileRequest>;

/** directory.cmd.updateProfile */
export type UpdateProfilePayload = {
  /** Whose profile: a user id, or a user name / email (updateProfile's usernameOrEmail); absent: the caller's. */
  target: { userId?: string; usernameOrEmail?: string | null };
  userName?: string;
  changes: Partial<Omit<ProfileDetailsInput, 'mailingAddress'>> & { mailingAddress?: Partial<MailingAddressV> };
};

/** directory.cmd.changeProfileImage */
export type ChangeImagePayload = { target: { userId?: string; usernameOrEmail?: string | null }; image: 'banner' | 'avatar'; url: string };

/** Whose profile a write is for, as the gateway names it to the service. */
const ProfileTarget = z.object({ userId: z.uuid({ error: 'userId must be a user id' }).optional(), usernameOrEmail: z.string().max(320).nullish() });
/** directory.cmd.updateProfile as the service checks it again (the gateway validated each field). */
export const UpdateProfilePayload = z
  .object({ target: ProfileTarget, userName: userNameField().optional(), changes: z.record(z.string(), z.unknown()) })
  .transform((p) => p as UpdateProfilePayload);
/** directory.cmd.changeProfileImage as the service checks it again. */
export const ChangeImagePayload = z.object({ target: ProfileTarget, image: z.enum(['banner', 'avatar']), url: z.string().regex(UPLOADED_IMAGE_URL, INVALID_IMAGE_URL) });

/** The target of the image routes: updateBanner/updateAvatar name it by usernameOrEmail, updateUser* by userId. */
export const ImageTargetRequest = z.object({
  usernameOrEmail: optionalText('usernameOrEmail', 320),
  userId: z.uuid({ error: 'userId must be a user id' }).optional(),
});

/** POST /api/v1/users/getUsers: the grid contract (skip, limit 10, filters, sorting). */
export const GetUsersRequest = GridQueryRequest;

/** The users grid's fields (filters and sorting; libs/grid whitelist in apps/directory). */
export const USERS_GRID_FIELDS = ['name', 'credentials', 'specialty', 'primaryPracticeAddress', 'mobile', 'lastUpdate'] as const;

export const ProviderIdQuery = z.object({ providerId: z.uuid({ error: 'providerId must be a user id' }) });
export const UserIdRequest = z.object({ userId: z.uuid({ error: 'userId must be a user id' }) });
export const PracticeIdsQuery = z.object({ practiceIds: optionalText('practiceIds', 20_000) });
export const UserNameSuggestionQuery = z.object({
  firstName: ruled('firstName', INVALID_FIRST_NAME, (v) => /\p{L}/u.test(v), 100),
  lastName: ruled('lastName', INVALID_LAST_NAME, (v) => /\p{L}/u.test(v), 100),
});
export const UserAvatarQuery = z.object({ userName: ruled('userName', MESSAGES.invalidUserName, (v) => v.length >= 1 && v.length <= 20 && !/\s/.test(v), 20) });
export const SearchUsersQuery = z.object({ searchTerm: optionalText('searchTerm', 100).transform((v) => v ?? '') });
/** ids: NPIs, comma-separated or a JSON array (at most 100). */
export const SearchUsersByNpiQuery = z.object({
  ids: z
    .union([z.string(), z.array(z.string())], { error: 'ids must be a list of NPIs' })
    .optional()
    .transform((v, ctx) => {
      let list: unknown = v ?? [];
      if (typeof v === 'string') {
        const t = v.trim();
        if (t.startsWith('[')) {
          try {
            list = JSON.parse(t);
          } catch {
            ctx.addIssue({ code: 'custom', message: 'ids must be a list of NPIs' });
            return z.NEVER;
          }
        } else list = t ? t.split(',') : [];
      }
      if (!Array.isArray(list) || list.length > 100 || list.some((x) => typeof x !== 'string' || !/^\d{10}$/.test(x.trim()))) {
        ctx.addIssue({ code: 'custom', message: 'ids must be at most 100 NPIs of 10 digits' });
        return z.NEVER;
      }
      return [...new Set((list as string[]).map((x) => x.trim()))];
    }),
});

/** A user or provider as the profile screens and the grid show it (spec §3). */
export type ProfileView = {
  _id: string;
  npi: string | null;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  displayName: string | null;
  userName: string;
  email: string;
  mobile: string | null;
  phone: string | null;
  fax: string | null;
  website: string | null;
  profileDescription: string | null;
  credentials: string | null;
  specialty: string | null;
  organization: string | null;
  mailingAddress: MailingAddressV;
  bannerImageUrl: string | null;
  avatarImageUrl: string | null;
  practices: { _id: string }[];
  isAdmin: boolean;
  isProvider: boolean;
  isMasterAdmin: boolean;
  lastUpdate: string;
};

/** searchUsers / searchUsersByNpi rows. */
export type UserSearchItem = Pick<ProfileView, '_id' | 'userName' | 'firstName' | 'lastName' | 'npi' | 'displayName' | 'avatarImageUrl'>;


// --- the service's request types (from the schemas above) --------------------------------------

export type ImageTargetRequest = z.infer<typeof ImageTargetRequest>;
export type UserIdRequest = z.infer<typeof UserIdRequest>;
export type UserNameSuggestionQuery = z.infer<typeof UserNameSuggestionQuery>;
export type UserAvatarQuery = z.infer<typeof UserAvatarQuery>;
export type SearchUsersQuery = z.infer<typeof SearchUsersQuery>;
export type SearchUsersByNpiQuery = z.infer<typeof SearchUsersByNpiQuery>;
