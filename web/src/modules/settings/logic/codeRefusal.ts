import { isApiError } from '../../api/apiError';

/** The server refused the verification code: a 401, or a 400 naming the code field (or no field). */
export function isCodeRefusal(failure: unknown): boolean {
  if (!isApiError(failure) || failure.kind !== 'http') return false;
  return failure.status === 401 || (failure.status === 400 && (failure.field === 'code' || failure.field === undefined));
}
