import type { directory, GridQuery, practices } from '@app/contracts';
import { getDefaultStore } from 'jotai';
import { ApiError } from '../../api/apiError';
import { errorMessageOf } from '../../api/apiClient';
import { apiClient } from '../../session/api/apiClient';
import { clearSession } from '../../session/logic/sessionActions';
import { tokenAtom } from '../../session/state/tokenAtom';

export type PracticeListItem = practices.PracticeListItem;
export type PracticeProfile = practices.PracticeProfile;
export type PracticeUser = practices.PracticeUserView;
export type PracticeProvider = practices.PracticeProviderView;
export type AccessType = practices.AccessType;
export type RegistryResult = directory.RegistryResult;
export type UserSearchItem = directory.UserSearchItem;

const USERS = '/api/users';
const V1 = '/api/v1/users';

/** The practice create payload of spec §3 (owners with their access types). */
export type AddPracticeBody = {
  npi: string;
  practiceName: string;
  displayName: string;
  userName: string;
  streetAddress: string;
  suite: string;
  city: string;
  state: string;
  zip: string;
  email: string;
  phone: string;
  fax: string;
  website: string;
  avatarImageUrl: string;
  bannerImageUrl: string;
  profileDescription: string;
  practiceOwners: OwnerBody[];
};

export type OwnerBody = { id: string; fullName: string; npi: string | null; accessType: AccessType; avatarImageUrl: string | null };

/** The practice update payload of spec §3 (email not editable; with the owners removed). */
export type UpdatePracticeBody = Omit<AddPracticeBody, 'npi' | 'practiceName' | 'email' | 'avatarImageUrl' | 'bannerImageUrl'> & { practiceId: string; deletedOwners: string[] };

/** Sends form data (uploads) with the bearer token; failures become ApiErrors like the JSON client's. */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const token = getDefaultStore().get(tokenAtom);
  let response: Response;
  try {
    response = await globalThis.fetch(path, { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    console.error(`POST ${path} failed: network error`, error);
    throw new ApiError({ kind: 'network', status: null, message: 'Network error', cause: error });
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok || (typeof parsed === 'object' && parsed !== null && (parsed as { success?: unknown }).success === false)) {
    if (response.status === 401) clearSession(getDefaultStore());
    throw new ApiError({ kind: 'http', status: response.status, message: errorMessageOf(parsed, `Request failed (${response.status})`), body: parsed });
  }
  return parsed as T;
}

/** The practice calls of the gateway (apps/gateway/src/practices/practices.controller.ts). */
export const practicesApi = {
  allPractices: (query: GridQuery) => apiClient.post<practices.ListPracticesReply>(`${USERS}/allPractices`, query, { auth: true }),

  addPractice: (body: AddPracticeBody) => apiClient.put<practices.PracticeReply>(`${USERS}/addPractice`, body, { auth: true }),

  updatePractice: (body: UpdatePracticeBody) => apiClient.post<practices.PracticeReply>(`${V1}/updatePracticeProfile`, body, { auth: true }),

  deletePractice: (id: string) => apiClient.delete<{ success: true }>(`${USERS}/deletePractice`, { _id: id }, { auth: true }),

  getPracticeProfile: async (npi: string): Promise<PracticeProfile> =>
    (await apiClient.get<{ practice: PracticeProfile }>(`${USERS}/getPracticeProfile`, { query: { npi }, auth: true })).practice,

  getPracticeProviders: async (practiceId: string): Promise<PracticeProvider[]> =>
    (await apiClient.get<{ providers: PracticeProvider[] }>(`${USERS}/getPracticeProviders`, { query: { practiceId }, auth: true })).providers,

  userNameExists: async (userName: string): Promise<boolean> =>
    (await apiClient.get<{ isDuplicate: boolean }>(`${USERS}/isPracticeUserNameExists`, { query: { userName }, auth: true })).isDuplicate,

  emailExists: async (email: string): Promise<boolean> =>
    (await apiClient.get<{ isDuplicate: boolean }>(`${USERS}/isPracticeEmailExists`, { query: { email }, auth: true })).isDuplicate,

  suggestUserName: async (organizationName: string): Promise<string> =>
    (await apiClient.get<{ userName: string }>(`${USERS}/getPracticeUsername`, { query: { organizationName }, auth: true })).userName,

  /** Which of these registry NPIs are practices already (their @username). */
  practicesByNpi: async (npis: string[]): Promise<{ npi: string; userName: string }[]> =>
    npis.length ? (await apiClient.get<{ practices: { npi: string; userName: string }[] }>('/api/v1/practices/byNpi', { query: { npis: npis.join(',') }, auth: true })).practices : [],

  /** Registry organisations ('Search Practice by NPI'), 300 ms after typing stops. */
  searchAllNpiPractice: async (searchTerm: string, signal?: AbortSignal): Promise<RegistryResult[]> =>
    (await apiClient.get<{ users: RegistryResult[] }>(`${USERS}/searchAllNpiPractice`, { query: { searchTerm }, auth: true, signal })).users,

  /** People for 'Add Practice Owner' (name, user name or NPI). */
  searchUsers: async (searchTerm: string, signal?: AbortSignal): Promise<UserSearchItem[]> =>
    (await apiClient.get<{ users: UserSearchItem[] }>(`${USERS}/searchUsers`, { query: { searchTerm }, auth: true, signal })).users,

  changeImage: (practiceId: string, kind: 'banner' | 'avatar', file: Blob, fileName: string) => {
    const form = new FormData();
    form.append('practiceId', practiceId);
    form.append('file', file, fileName);
    return postForm<{ success: true; fileUrl: string; practice: PracticeProfile }>(`${V1}/${kind === 'banner' ? 'updatePracticeBanner' : 'updatePracticeAvatar'}`, form);
  },
};
