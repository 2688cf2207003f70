import type { credentialing } from '@app/contracts';
import { apiClient } from '../../session/api/apiClient';

/** The monitoring calls of the gateway (apps/gateway/src/credentialing/monitoring.controller.ts). */
export const monitoringApi = {
  /** Every sanction and exclusion list at once, or one (`source`): an NPI, 'Last, First' or a (business) name; staff only. */
  searchExclusions: (searchTerm: string, signal?: AbortSignal, source?: credentialing.SanctionSourceId) =>
    apiClient.get<credentialing.ExclusionSearchReply>('/api/v1/exclusions/search', { query: source ? { searchTerm, source } : { searchTerm }, auth: true, signal }),

  /** Every list with its last import (staff only). */
  sources: () => apiClient.get<credentialing.SourceListsReply>('/api/v1/exclusions/sources', { auth: true }),

  /** What the signed-in caller may do in monitoring: { searchExclusions } (credentialing staff and the master admin). */
  access: () => apiClient.get<credentialing.MonitoringAccessReply>('/api/v1/exclusions/access', { auth: true }),

  /** A file's exclusion matches. */
  matches: (providerId: string) => apiClient.get<credentialing.ExclusionMatchesReply>(`/api/v1/credentialing/files/${providerId}/exclusion-matches`, { auth: true }),

  /** Resolves a match: Confirmed or Not the same person, with a note and the evidence (PDF or image). */
  resolveMatch: (providerId: string, matchId: string, input: { resolution: credentialing.MatchResolution; note: string; evidence: File }) => {
    const form = new FormData();
    form.append('resolution', input.resolution);
    form.append('note', input.note);
    form.append('evidence', input.evidence, input.evidence.name);
    return apiClient.postForm<credentialing.ExclusionMatchesReply>(`/api/v1/credentialing/files/${providerId}/exclusion-matches/${matchId}/resolve`, form, { auth: true });
  },

  /** The master admin asks to clear an NPI (Excluded) match: reason, note and the evidence (OIG reinstatement or corrected listing). */
  requestClearance: (providerId: string, matchId: string, input: { reason: credentialing.ClearanceReason; note: string; evidence: File }) => {
    const form = new FormData();
    form.append('reason', input.reason);
    form.append('note', input.note);
    form.append('evidence', input.evidence, input.evidence.name);
    return apiClient.postForm<credentialing.ExclusionMatchesReply>(`/api/v1/credentialing/files/${providerId}/exclusion-matches/${matchId}/clearance`, form, { auth: true });
  },

  /** A second person confirms or rejects a pending clearance (a note says why it is rejected). */
  decideClearance: (providerId: string, matchId: string, input: { decision: credentialing.ClearanceDecision; note?: string }) =>
    apiClient.post<credentialing.ExclusionMatchesReply>(`/api/v1/credentialing/files/${providerId}/exclusion-matches/${matchId}/clearance/decision`, input, { auth: true }),
};

export type MonitoringApi = typeof monitoringApi;
