import type { credentialing, identity } from '@app/contracts';
import { apiClient } from '../../session/api/apiClient';

const C = '/api/v1/credentialing/committee';

/** The committee calls of the gateway (apps/gateway/src/credentialing/committee.controller.ts). */
export const committeeApi = {
  /** The designated Committee members and Medical Directors, and the caller's own roles. */
  roles: () => apiClient.get<credentialing.CommitteeRolesReply>(`${C}/roles`, { auth: true }),
  /** The master admin grants or revokes a committee role (identity). */
  grantRole: (userId: string, role: identity.CommitteeRole, granted: boolean) =>
    apiClient.post<{ success: true }>('/api/v1/users/grantCommitteeRole', { userId, role, granted }, { auth: true }),
  queue: () => apiClient.get<credentialing.CommitteeQueueReply>(`${C}/queue`, { auth: true }),
  /** The Medical Director approves clean files (a flagged one refuses the batch, named). */
  approveClean: (providerIds: string[]) => apiClient.post<credentialing.BatchApprovalReply>(`${C}/clean-approvals`, { providerIds }, { auth: true }),
  meetings: () => apiClient.get<credentialing.MeetingsReply>(`${C}/meetings`, { auth: true }),
  scheduleMeeting: (input: { meetsOn: string; quorum?: number }) => apiClient.post<credentialing.MeetingReply>(`${C}/meetings`, input, { auth: true }),
  meeting: (meetingId: string) => apiClient.get<credentialing.MeetingReply>(`${C}/meetings/${meetingId}`, { auth: true }),
  attendance: (meetingId: string, present: string[]) => apiClient.put<credentialing.MeetingReply>(`${C}/meetings/${meetingId}/attendance`, { present }, { auth: true }),
  outcome: (meetingId: string, providerId: string, input: Partial<credentialing.OutcomeInput> & { outcome: credentialing.MeetingOutcome }) =>
    apiClient.post<credentialing.MeetingReply>(`${C}/meetings/${meetingId}/outcomes/${providerId}`, input, { auth: true }),
  generateMinutes: (meetingId: string) => apiClient.post<credentialing.MeetingReply>(`${C}/meetings/${meetingId}/minutes`, {}, { auth: true }),
  minutesPdf: (meetingId: string) => apiClient.getBlob(`${C}/meetings/${meetingId}/minutes`, { auth: true }),
};

export type CommitteeApi = typeof committeeApi;
