import type { credentialing } from '@app/contracts';
import type { GridQuery } from '../../grid';
import { getDefaultStore } from 'jotai';
import { apiClient } from '../../session/api/apiClient';
import { tokenAtom } from '../../session/state/tokenAtom';
import { sendForm } from '../../session/api/sendForm';
import { fileUrl, requestFile } from './fileRequest';

export type FileView = credentialing.FileView;
export type FileRow = credentialing.FileRow;
export type CredentialView = credentialing.CredentialView;
export type VerificationView = credentialing.VerificationView;
export type AttestationInput = credentialing.AttestationInput;

const BASE = '/api/v1/credentialing';
type FileReply = credentialing.FileReply;

/** Form data of the fields that are set (a list as one field per value), plus an optional file under `fileField`. */
function formOf(fields: Record<string, string | readonly string[]>, fileField: string, file?: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      if (value !== '') form.append(key, value);
    } else for (const item of value) form.append(key, item);
  }
  if (file) form.append(fileField, file, file.name);
  return form;
}

/**
 * The credentialing calls of the gateway (apps/gateway/src/credentialing), all with the session
 * token; each change answers the file as it now is. Dates are yyyy-mm-dd on the wire.
 */
export const credentialingApi = {
  /** The provider's current file, or null when no cycle was ever started (one's own: `file: null`; another's: 404). */
  getFile: requestFile,
  startFile: async (providerId: string) => (await apiClient.put<FileReply>(`${BASE}/files`, { providerId }, { auth: true })).file,
  getFiles: (query: GridQuery) => apiClient.post<credentialing.ListFilesReply>(`${BASE}/getFiles`, query, { auth: true }),
  declareApplication: async (providerId: string, answers: { hasDea: boolean; hasBoardCertification: boolean }) =>
    (await apiClient.post<FileReply>(`${fileUrl(providerId)}/application`, answers, { auth: true })).file,
  /** Adds (no credentialId) or replaces a credential: its fields, the documents it keeps, and a new document when given. */
  saveCredential: async (providerId: string, credentialId: string | null, fields: Record<string, string>, documents: readonly string[], document?: File | null) => {
    const form = formOf({ ...fields, documents }, 'file', document);
    const reply = credentialId
      ? await sendForm<FileReply>('PUT', `${fileUrl(providerId)}/credentials/${encodeURIComponent(credentialId)}`, form)
      : await sendForm<FileReply>('POST', `${fileUrl(providerId)}/credentials`, form);
    return reply.file;
  },
  removeCredential: async (providerId: string, credentialId: string) =>
    (await apiClient.delete<FileReply>(`${fileUrl(providerId)}/credentials/${encodeURIComponent(credentialId)}`, undefined, { auth: true })).file,
  /** A manual primary-source verification with its evidence (PDF or image). */
  recordVerification: async (credentialId: string, fields: { source: string; result: string; verifiedOn: string; note: string }, evidence: File) =>
    (await sendForm<FileReply>('POST', `${BASE}/credentials/${encodeURIComponent(credentialId)}/verifications`, formOf(fields, 'evidence', evidence))).file,
  /** Staff resolve the NPPES check's discrepancy: a note, and a document when one is needed (a name) or at hand. */
  resolveNppes: async (providerId: string, note: string, evidence: File | null) =>
    (await sendForm<FileReply>('POST', `${fileUrl(providerId)}/nppes-resolution`, formOf({ note }, 'evidence', evidence))).file,
  runChecks: async (providerId: string) => (await apiClient.post<FileReply>(`${fileUrl(providerId)}/checks`, {}, { auth: true })).file,
  signAttestation: async (providerId: string, attestation: AttestationInput) =>
    (await apiClient.post<FileReply>(`${fileUrl(providerId)}/attestation`, attestation, { auth: true })).file,
  submit: async (providerId: string) => (await apiClient.post<FileReply>(`${fileUrl(providerId)}/submit`, {}, { auth: true })).file,
  /** The committee's decision (a file in Committee Review or Appeal); a denial names its reason codes. */
  decide: async (providerId: string, decision: credentialing.Decision, note: string, reasons: readonly credentialing.DenialReason[] = []) =>
    (await apiClient.post<FileReply>(`${fileUrl(providerId)}/decision`, reasons.length ? { decision, note, reasons } : { decision, note }, { auth: true })).file,
  /** The provider's appeal of a denial: a statement and an optional document. */
  requestAppeal: async (providerId: string, statement: string, document: File | null) =>
    (await sendForm<FileReply>('POST', `${fileUrl(providerId)}/appeal`, formOf({ statement }, 'file', document))).file,
  addAppealDocument: async (providerId: string, document: File) =>
    (await sendForm<FileReply>('POST', `${fileUrl(providerId)}/appeal/documents`, formOf({}, 'file', document))).file,
  /** The provider asks for the correction of an item (`file`, `application`, `attestation`, `credential:<id>`, `verification:<id>`). */
  requestCorrection: async (providerId: string, subject: string, note: string) =>
    (await apiClient.post<FileReply>(`${fileUrl(providerId)}/corrections`, { subject, note }, { auth: true })).file,
  answerCorrection: async (providerId: string, correctionId: string, answer: string) =>
    (await apiClient.post<FileReply>(`${fileUrl(providerId)}/corrections/${encodeURIComponent(correctionId)}/answer`, { answer }, { auth: true })).file,
  /** A decision letter's PDF (the file's letters are served to signed-in callers who may see the file). */
  letterPdf: async (url: string): Promise<Blob> => {
    const token = getDefaultStore().get(tokenAtom);
    const res = await globalThis.fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!res.ok) throw Object.assign(new Error(res.status === 403 ? 'You may not see this letter' : 'The letter could not be loaded'), { status: res.status });
    return res.blob();
  },
  invite: (providerId: string) => apiClient.post<credentialing.InvitationReply>(`${BASE}/invitations`, { providerId }, { auth: true }),
};

export type CredentialingApi = typeof credentialingApi;
