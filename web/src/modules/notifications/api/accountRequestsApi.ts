import type { identity } from '@app/contracts';
import { apiClient } from '../../session/api/apiClient';

const USERS = '/api/users';

/** The master admin's review of account requests (from their notifications). */
export const accountRequestsApi = {
  get: (requestId: string) => apiClient.get<identity.AccountRequestReply>(`${USERS}/accountRequest`, { query: { requestId }, auth: true }),
  approve: (requestId: string, userName: string) =>
    apiClient.post<identity.ApproveAccountRequestReply>(`${USERS}/approveAccountRequest`, { requestId, userName }, { auth: true }),
  decline: (requestId: string) => apiClient.post<identity.SuccessReply>(`${USERS}/declineAccountRequest`, { requestId }, { auth: true }),
};
