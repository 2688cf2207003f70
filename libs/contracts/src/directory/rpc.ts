import { z } from 'zod';
import { GridQueryRequest } from '../grid';
import { defineRpcs, schemaOf } from '../rpc-contract';
import {
  AddFacilityPayload,
  AllFacilitiesRequest,
  FacilityIdRequest,
  UpdateFacilityPayload,
  ENTITY_TYPE_CODES,
  type FacilityView,
} from './facilities';
import { FhirCapabilitiesRequest, FhirReadRequest, FhirSearchRequest } from './fhir';
import {
  ChangeImagePayload,
  CreateUserPayload,
  ImageTargetRequest,
  SearchUsersByNpiQuery,
  SearchUsersQuery,
  UpdateProfilePayload,
  UserAvatarQuery,
  UserIdRequest,
  UserNameSuggestionQuery,
  type MailingAddressV,
  type ProfileView,
  type UserSearchItem,
} from './profiles';
import { RegistryLookupRequest, RegistrySearchRequest, type RegistryStatusReply } from './registry';
import type { RegistryResult, RegistrySource } from './registry-result';

/**
 * The directory's calls (directory.cmd/qry.<name>): profiles and users, an admin's facilities,
 * the national provider registry and the FHIR directory, each with its request and reply schema.
 */

const text = z.string();
const nullableText = z.string().nullable();

const MailingAddressSchema = schemaOf<MailingAddressV>()(
  z.object({ streetAddress1: nullableText, streetAddress2: nullableText, suite: nullableText, city: nullableText, state: nullableText, zip: nullableText }),
);

export const ProfileViewSchema = schemaOf<ProfileView>()(
  z.object({
    _id: text,
    npi: nullableText,
    firstName: nullableText,
    middleName: nullableText,
    lastName: nullableText,
    displayName: nullableText,
    userName: text,
    email: text,
    mobile: nullableText,
    phone: nullableText,
    fax: nullableText,
    website: nullableText,
    profileDescription: nullableText,
    credentials: nullableText,
    specialty: nullableText,
    organization: nullableText,
    mailingAddress: MailingAddressSchema,
    bannerImageUrl: nullableText,
    avatarImageUrl: nullableText,
    practices: z.array(z.object({ _id: text })),
    isAdmin: z.boolean(),
    isProvider: z.boolean(),
    isMasterAdmin: z.boolean(),
    lastUpdate: text,
  }),
);
const UserSearchItemSchema = schemaOf<UserSearchItem>()(
  ProfileViewSchema.pick({ _id: true, userName: true, firstName: true, lastName: true, npi: true, displayName: true, avatarImageUrl: true }),
);

export const CreateUserReply = z.object({ success: z.literal(true), user: ProfileViewSchema, created: z.boolean() });
export type CreateUserReply = z.infer<typeof CreateUserReply>;
export const GetUsersReply = z.object({ users: z.array(ProfileViewSchema), count: z.number() });
export type GetUsersReply = z.infer<typeof GetUsersReply>;
/** updateProfile and changeProfileImage: the profile after the change. */
export const ProfileChangedReply = z.object({ success: z.literal(true), usr: ProfileViewSchema });
export const DirectorySuccessReply = z.object({ success: z.literal(true) });
export const GetProfileReply = z.object({ user: ProfileViewSchema });
export const UserNameReply = z.object({ userName: text });
export const UserAvatarReply = z.object({ avatar: nullableText });
export const UserSearchReply = z.object({ users: z.array(UserSearchItemSchema) });

export const FacilityViewSchema = schemaOf<FacilityView>()(
  z.object({
    _id: text,
    npi: text,
    entityTypeCode: z.enum(ENTITY_TYPE_CODES),
    contactPersonFirstName: nullableText,
    contactPersonMiddleName: nullableText,
    contactPersonLastName: nullableText,
    organizationName: nullableText,
    mailingAddress: z.object({ street: text, suite: nullableText, city: text, state: text, zip: text }),
    mobile: nullableText,
    phone: nullableText,
    fax: nullableText,
    email: nullableText,
    adminEmail: nullableText,
    createdAt: text,
    updatedAt: text,
  }),
);
export const AllFacilitiesReply = z.object({ success: z.literal(true), facilities: z.array(FacilityViewSchema), count: z.number() });
export type AllFacilitiesReply = z.infer<typeof AllFacilitiesReply>;
export const FacilityCountReply = z.object({ success: z.literal(true), count: z.number() });
export type FacilityCountReply = z.infer<typeof FacilityCountReply>;
export const FacilityReply = z.object({ success: z.literal(true), facility: FacilityViewSchema });
export type FacilityReply = z.infer<typeof FacilityReply>;
export const DeleteFacilityReply = DirectorySuccessReply;
export type DeleteFacilityReply = z.infer<typeof DeleteFacilityReply>;

const RegistryResultSchema = schemaOf<RegistryResult>()(
  z.object({
    number: text,
    enumeration_type: z.enum(['NPI-1', 'NPI-2']).nullable(),
    basic: z.object({
      first_name: text,
      middle_name: text,
      last_name: text,
      organization_name: text,
      credential: text,
      name_prefix: text,
      name_suffix: text,
      sex: text,
      enumeration_date: nullableText,
      last_updated: nullableText,
      status: z.enum(['A', 'D']),
      deactivation_date: nullableText,
    }),
    taxonomies: z.array(z.object({ code: text, desc: text, primary: z.boolean(), state: nullableText, license: nullableText })),
    addresses: z.array(
      z.object({
        address_purpose: z.enum(['LOCATION', 'MAILING']),
        address_type: z.literal('DOM'),
        address_1: text,
        address_2: text,
        city: text,
        state: text,
        postal_code: text,
        country_code: text,
        telephone_number: text,
        fax_number: text,
      }),
    ),
    endpoints: z.array(
      z.object({
        endpointType: text,
        endpointTypeDescription: text,
        endpoint: text,
        endpointDescription: text,
        affiliation: text,
        affiliationName: text,
        use: text,
        useDescription: text,
        contentType: text,
        contentTypeDescription: text,
        country_code: text,
        address_1: text,
        city: text,
        state: text,
        postal_code: text,
      }),
    ),
    deactivated: z.boolean(),
    sample: z.boolean(),
    userName: text.optional(),
  }),
);
const RegistrySourceSchema = schemaOf<RegistrySource>()(z.object({ mode: z.enum(['mirror', 'live']), sampleOnly: z.boolean() }));
export const RegistrySearchReply = z.object({ results: z.array(RegistryResultSchema), source: RegistrySourceSchema });
export type RegistrySearchReply = z.infer<typeof RegistrySearchReply>;
export const RegistryLookupReply = z.object({ result: RegistryResultSchema, source: RegistrySourceSchema });
export type RegistryLookupReply = z.infer<typeof RegistryLookupReply>;
const RegistryStatusReplySchema = schemaOf<RegistryStatusReply>()(
  z.object({
    mode: z.enum(['mirror', 'live']),
    providers: z.number(),
    file: nullableText,
    fileDate: nullableText,
    importedAt: nullableText,
    sampleOnly: z.boolean(),
    incrementals: z.array(z.object({ file: text, fileDate: nullableText, importedAt: text })),
  }),
);

/** A FHIR resource as the directory serves it (Plan-Net profiles; the rest of its fields as FHIR has them). */
export const FhirResourceSchema = z.looseObject({ resourceType: text, id: text, meta: z.object({ profile: z.array(text), lastUpdated: text }) });
export const FhirSearchBundle = z.object({
  resourceType: z.literal('Bundle'),
  type: z.literal('searchset'),
  timestamp: text,
  total: z.number().optional(),
  link: z.array(z.object({ relation: text, url: text })),
  entry: z.array(z.object({ fullUrl: text, resource: FhirResourceSchema, search: z.object({ mode: z.enum(['match', 'include']) }) })),
});
export const FhirCapabilityStatement = z.looseObject({ resourceType: text, fhirVersion: text, rest: z.array(z.looseObject({ mode: text })) });

export const PROFILES_RPC = defineRpcs('directory', {
  createUser: { kind: 'cmd', request: CreateUserPayload, reply: CreateUserReply, messages: 'user' },
  updateProfile: { kind: 'cmd', request: UpdateProfilePayload, reply: ProfileChangedReply },
  changeImage: { name: 'changeProfileImage', kind: 'cmd', request: ChangeImagePayload, reply: ProfileChangedReply, messages: 'user' },
  /** Whether the caller may change that profile's images: asked before an upload is stored. */
  mayChangeImage: { name: 'mayChangeProfileImage', kind: 'qry', request: ImageTargetRequest, reply: DirectorySuccessReply, messages: 'user' },
  deleteUser: { kind: 'cmd', request: UserIdRequest, reply: DirectorySuccessReply, messages: 'user' },
  getUsers: { kind: 'qry', request: GridQueryRequest, reply: GetUsersReply, messages: 'user' },
  getProfile: { kind: 'qry', request: UserIdRequest, reply: GetProfileReply, messages: 'user' },
  suggestUserName: { kind: 'qry', request: UserNameSuggestionQuery, reply: UserNameReply, messages: 'user' },
  userAvatar: { kind: 'qry', request: UserAvatarQuery, reply: UserAvatarReply, messages: 'user' },
  searchUsers: { kind: 'qry', request: SearchUsersQuery, reply: UserSearchReply, messages: 'user' },
  searchUsersByNpi: { kind: 'qry', request: SearchUsersByNpiQuery, reply: UserSearchReply, messages: 'user' },
});

export const FACILITIES_RPC = defineRpcs('directory', {
  addFacility: { kind: 'cmd', request: AddFacilityPayload, reply: FacilityReply, messages: 'user' },
  updateFacility: { kind: 'cmd', request: UpdateFacilityPayload, reply: FacilityReply, messages: 'user' },
  deleteFacility: { kind: 'cmd', request: FacilityIdRequest, reply: DeleteFacilityReply, messages: 'user' },
  getFacilities: { kind: 'qry', request: AllFacilitiesRequest, reply: AllFacilitiesReply, messages: 'user' },
  countFacilities: { kind: 'qry', request: AllFacilitiesRequest, reply: FacilityCountReply, messages: 'user' },
  getFacility: { kind: 'qry', request: FacilityIdRequest, reply: FacilityReply, messages: 'user' },
});

export const REGISTRY_RPC = defineRpcs('directory', {
  search: { name: 'registrySearch', kind: 'qry', request: RegistrySearchRequest, reply: RegistrySearchReply, messages: 'user' },
  /** One NPI (deactivated ones too); 404 when the registry has none. */
  lookup: { name: 'registryLookup', kind: 'qry', request: RegistryLookupRequest, reply: RegistryLookupReply, messages: 'user' },
  /** What the mirror holds. */
  status: { name: 'registryStatus', kind: 'qry', request: z.object({}), reply: RegistryStatusReplySchema, messages: 'user' },
});

export const FHIR_RPC = defineRpcs('directory', {
  search: { name: 'fhirSearch', kind: 'qry', request: FhirSearchRequest, reply: FhirSearchBundle, messages: 'user' },
  read: { name: 'fhirRead', kind: 'qry', request: FhirReadRequest, reply: FhirResourceSchema, messages: 'user' },
  capabilities: { name: 'fhirCapabilities', kind: 'qry', request: FhirCapabilitiesRequest, reply: FhirCapabilityStatement, messages: 'user' },
});
