import type { directory, GridQuery } from '@app/contracts';
import { apiClient } from '../../session/api/apiClient';

export type ProfileView = directory.ProfileView;
export type RegistryResult = directory.RegistryResult;
export type UserSearchItem = directory.UserSearchItem;

const USERS = '/api/users';
const V1 = '/api/v1/users';

/** The fields of the 'Edit User Profile' drawer as updateUserProfile takes them. */
export type UpdateUserProfileBody = {
  userId: string;
  displayName: string;
  userName: string;
  organization: string;
  streetAddress: string;
  suite: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  fax: string;
  website: string;
  profileDescription: string;
};

/** 'Create User Profile' (addUser2). */
export type AddUser2Body = {
  requestId: string;
  isProvider: boolean;
  npi: string;
  firstName: string;
  middleName: string;
  lastName: string;
  displayName: string;
  userName: string;
  streetAddress: string;
  suite: string;
  city: string;
  state: string;
  zip: string;
  email: string;
  mobile: string;
  phone: string;
  fax: string;
  website: string;
  profileDescription: string;
  avatarImageUrl: string;
  bannerImageUrl: string;
  credentials: string;
  specialty: string;
};

/** 'Create New Provider Profile' (addUser: the provider create payload of spec §3). */
export type AddUserBody = {
  requestId: string;
  npi: string;
  firstName: string;
  middleName: string;
  lastName: string;
  mailingAddressOrgName: string;
  mailingAddressStreet: string;
  mailingAddressSuite: string;
  mailingAddressCity: string;
  mailingAddressState: string;
  mailingAddressZip: string;
  email: string;
  mobile: string;
  phone: string;
  fax: string;
};

export type ImageKind = 'banner' | 'avatar';

/** A practice as a user's practices list shows it (spec §3). */
export type ProviderPractice = {
  _id: string;
  practiceName: string;
  npi?: string | null;
  phone?: string | null;
  avatarImageUrl?: string | null;
  mailingAddress?: { streetAddress1?: string | null; city?: string | null; state?: string | null; zip?: string | null };
  users?: { fullName: string; accessType: string }[];
};

type ExistsReply = { isDuplicate: boolean };

function imageForm(file: Blob, fileName: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', file, fileName);
  return form;
}

/** The profile and user calls of the gateway (apps/gateway/src/users/profiles.controller.ts). */
export const profilesApi = {
  getProfile: async (userId: string): Promise<ProfileView> =>
    (await apiClient.get<{ user: ProfileView }>(`${USERS}/getProviderProfile`, { query: { providerId: userId }, auth: true })).user,

  updateUserProfile: (body: UpdateUserProfileBody) => apiClient.post<{ success: true }>(`${USERS}/updateUserProfile`, body, { auth: true }),

  /** Uploads a picture for a form (answers its URL). */
  uploadImg: (file: Blob, fileName: string) => apiClient.postForm<{ success: true; fileUrl: string }>(`${V1}/uploadImg`, imageForm(file, fileName), { auth: true }),

  /** Replaces a user's banner or avatar; answers the new URL and the updated record. */
  changeImage: (userId: string, kind: ImageKind, file: Blob, fileName: string) =>
    apiClient.postForm<{ success: true; fileUrl: string; usr: ProfileView }>(
      `${USERS}/${kind === 'banner' ? 'updateUserBanner' : 'updateUserAvatar'}`,
      imageForm(file, fileName, { userId }),
      { auth: true },
    ),

  /** Master admin only: grants or withdraws a user's admin identity (beside the provider one). */
  grantAdmin: (userId: string, isAdmin: boolean) => apiClient.post<{ success: true }>(`${V1}/grantAdmin`, { userId, isAdmin }, { auth: true }),

  getUsers: (query: GridQuery) => apiClient.post<directory.GetUsersReply>(`${V1}/getUsers`, query, { auth: true }),

  addUser: (body: AddUserBody) => apiClient.post<directory.CreateUserReply>(`${V1}/addUser`, body, { auth: true }),

  addUser2: (body: AddUser2Body) => apiClient.post<directory.CreateUserReply>(`${V1}/addUser2`, body, { auth: true }),

  suggestUserName: async (firstName: string, lastName: string): Promise<string> =>
    (await apiClient.get<{ userName: string }>(`${V1}/getUsername`, { query: { firstName, lastName }, auth: true })).userName,

  /** People in the national registry ('Search Users by NPI'). */
  searchAllNpi: async (searchTerm: string, signal?: AbortSignal): Promise<RegistryResult[]> =>
    (await apiClient.get<{ users: RegistryResult[] }>(`${V1}/searchAllNpi`, { query: { searchTerm }, auth: true, signal })).users,

  /** The registered users among these NPIs. */
  searchUsersByNpi: async (npis: string[]): Promise<UserSearchItem[]> =>
    npis.length === 0 ? [] : (await apiClient.get<{ users: UserSearchItem[] }>(`${USERS}/searchUsersByNpi`, { query: { ids: npis.join(',') }, auth: true })).users,

  userNameExists: async (userName: string): Promise<boolean> =>
    (await apiClient.get<ExistsReply>(`${V1}/exists/username/${encodeURIComponent(userName)}`)).isDuplicate,

  emailExists: async (email: string): Promise<boolean> => (await apiClient.get<ExistsReply>(`${V1}/exists/email/${encodeURIComponent(email)}`)).isDuplicate,

  mobileExists: async (mobile: string): Promise<boolean> =>
    (await apiClient.get<ExistsReply>(`${V1}/exists/mobile/${encodeURIComponent(mobile)}`)).isDuplicate,

  getProviderPractices: async (providerId: string): Promise<ProviderPractice[]> =>
    (await apiClient.get<{ practices: ProviderPractice[] }>(`${USERS}/getProviderPractices`, { query: { providerId }, auth: true })).practices,
};
