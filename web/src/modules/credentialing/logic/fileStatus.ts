import { credentialing } from '@app/contracts';

export type FileStatus = credentialing.FileStatus;

/** The steps shown for a file: the last one is the decision (Approved or Denied once decided, Appeal while a denial is appealed). */
export function statusSteps(status: FileStatus): { titles: string[]; current: number; error: boolean } {
  const titles = ['Not Started', 'Application', 'Verification', 'Committee Review', status === 'Denied' || status === 'Appeal' ? status : 'Approved'];
  const index = status === 'Denied' || status === 'Appeal' ? 4 : credentialing.FILE_STATUSES.indexOf(status);
  return { titles, current: index, error: status === 'Denied' };
}

/** The tag colour of a status. */
export const STATUS_COLOURS: Record<FileStatus, string> = {
  'Not Started': 'default',
  Application: 'blue',
  Verification: 'geekblue',
  'Committee Review': 'purple',
  Approved: 'green',
  Denied: 'red',
  Appeal: 'volcano',
};

export const RESULT_COLOURS: Record<credentialing.VerificationResult, string> = { Verified: 'green', Discrepancy: 'orange', 'Not found': 'red' };
