import { z } from 'zod';
import { isValidAccountMobile } from '@app/validation';

/** identity.cmd.ensureMasterAdmin: creates the master admin on first run, else reports the existing one. */
export const EnsureMasterAdminRequest = z.object({
  email: z.string().email(),
  userName: z.string().regex(/^\S{2,20}$/),
  password: z.string().min(8).max(200).optional(),
  mobile: z.string().max(40).refine(isValidAccountMobile, 'Invalid Mobile #').optional(),
});
export type EnsureMasterAdminRequest = z.infer<typeof EnsureMasterAdminRequest>;
export type EnsureMasterAdminReply = {
  created: boolean;
  userId: string;
  userName: string;
  /**
   * Only when identity generated the password (no `password` in the request): the absolute path
   * of the file (mode 0600, on identity's host) that holds it. The password itself never
   * travels over NATS and is never logged.
   */
  passwordFile?: string;
};

/** identity.qry.exists: the duplicate checks of the spec (/exists/username|email|mobile). */
export const ExistsRequest = z.object({
  field: z.enum(['userName', 'email', 'mobile']),
  value: z.string().min(1).max(320),
});
export type ExistsRequest = z.infer<typeof ExistsRequest>;
export type ExistsReply = { isDuplicate: boolean };

/** identity.qry.sessionLive: is this token's session still live? */
export const SessionLiveRequest = z.object({ userId: z.string().min(1), sessionId: z.string().min(1) });
export type SessionLiveRequest = z.infer<typeof SessionLiveRequest>;
export type SessionLiveReply = { live: boolean };
