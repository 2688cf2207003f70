import type { identity } from '@app/contracts';
import { parseStoredUser } from '../logic/storedUser';
import type {
  ExistsReply,
  IsSignedInReply,
  ReauthenticateRequest,
  Resend2FaReply,
  Resend2FaRequest,
  RequestAccountBody,
  RequestAccountReply,
  ResetPasswordRequest,
  SecurityEventsReply,
  Send2FaVerificationCodeReply,
  SendTempPasswordReply,
  SendTempPasswordRequest,
  SignInReply,
  SignInRequest,
  SuccessReply,
  Verify2FaReply,
  Verify2FaRequest,
  VerifyEmailCodeRequest,
  VerifyMobileCodeRequest,
  VerifyPasswordCodeRequest,
} from '../types/identityApi';
import type { SignedInUser } from '../types/signedInUser';
import { apiClient } from './apiClient';

const V1 = '/api/v1/users';
const USERS = '/api/users';

function requireUser(value: unknown): SignedInUser {
  const user = parseStoredUser(value);
  if (!user) throw new Error('The answer carries no user record.');
  return user;
}

/** The account and sign-in calls of spec §7. */
export const identityApi = {
  signIn: (body: SignInRequest) => apiClient.post<SignInReply>(`${V1}/signIn`, body),

  verify2FaForLogin: async (body: Verify2FaRequest): Promise<{ isSignedIn: boolean; token: string; usr: SignedInUser | null }> => {
    const reply = await apiClient.post<Verify2FaReply>(`${V1}/verify2FaForLogin`, body);
    return { isSignedIn: reply.isSignedIn === true, token: reply.token, usr: reply.isSignedIn ? requireUser(reply.usr) : null };
  },

  resend2FaCode: (body: Resend2FaRequest) => apiClient.post<Resend2FaReply>(`${V1}/resend2FaCode`, body),

  sendTempPassword: (body: SendTempPasswordRequest) => apiClient.post<SendTempPasswordReply>(`${V1}/sendTempPassword`, body),

  resetPassword: (body: ResetPasswordRequest) => apiClient.post<SuccessReply>(`${V1}/resetPassword`, body),

  /** An invitation's one-time link: sets the password; answers the email to sign in with. */
  acceptInvitation: (body: identity.AcceptInvitationRequest) => apiClient.post<identity.AcceptInvitationReply>(`${V1}/acceptInvitation`, body),

  /** 'Request an account': the same answer whether or not the email or mobile has an account. */
  requestAccount: (body: RequestAccountBody) => apiClient.post<RequestAccountReply>(`${USERS}/requestAccount`, body),

  isSignedIn: async (): Promise<SignedInUser> => {
    const reply = await apiClient.post<IsSignedInReply>(`${V1}/isSignedIn`, {}, { auth: true });
    return requireUser(reply.usr);
  },

  logout: () => apiClient.post<SuccessReply>(`${V1}/logout`, {}, { auth: true }),

  reauthenticate: (body: ReauthenticateRequest) => apiClient.post<SuccessReply>(`${USERS}/reauthenticate`, body, { auth: true }),

  sendEmailVerificationCode: (email: string, newEmail: string) =>
    apiClient.get<SuccessReply>(`${USERS}/sendEmailVerificationCode`, { query: { email, newEmail }, auth: true }),

  verifyEmailVerificationCode: (body: VerifyEmailCodeRequest) =>
    apiClient.post<SuccessReply>(`${USERS}/verifyEmailVerificationCode`, body, { auth: true }),

  sendPasswordVerificationCode: (email: string) =>
    apiClient.get<SuccessReply>(`${USERS}/sendPasswordVerificationCode`, { query: { email }, auth: true }),

  verifyPasswordVerificationCode: (body: VerifyPasswordCodeRequest) =>
    apiClient.post<SuccessReply>(`${USERS}/verifyPasswordVerificationCode`, body, { auth: true }),

  send2FAVerificationCode: (email: string, mobile: string) =>
    apiClient.get<Send2FaVerificationCodeReply>(`${USERS}/send2FAVerificationCode`, { query: { email, mobile }, auth: true }),

  verifyMobileVerificationCode: (body: VerifyMobileCodeRequest) =>
    apiClient.post<SuccessReply>(`${USERS}/verifyMobileVerificationCode`, body, { auth: true }),

  emailExists: async (email: string): Promise<boolean> =>
    (await apiClient.get<ExistsReply>(`${V1}/exists/email/${encodeURIComponent(email)}`)).isDuplicate,

  mobileExists: async (mobile: string): Promise<boolean> =>
    (await apiClient.get<ExistsReply>(`${V1}/exists/mobile/${encodeURIComponent(mobile)}`)).isDuplicate,

  securityEvents: (page: number, limit: number) =>
    apiClient.get<SecurityEventsReply>(`${USERS}/securityEvents`, { query: { page, limit }, auth: true }),
};
