import { getDefaultStore } from 'jotai';
import { errorMessageOf } from '../../api/apiClient';
import { ApiError } from '../../api/apiError';
import { clearSession } from '../logic/sessionActions';
import { tokenAtom } from '../state/tokenAtom';

/**
 * Sends form data (uploads) with the session token, POST or PUT; failures become ApiErrors like
 * the JSON client's (with the field the server names), and a 401 clears the session.
 */
export async function sendForm<T>(method: 'POST' | 'PUT', path: string, form: FormData): Promise<T> {
  const token = getDefaultStore().get(tokenAtom);
  let response: Response;
  try {
    response = await globalThis.fetch(path, { method, body: form, headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  } catch (error) {
    console.error(`${method} ${path} failed: network error`, error);
    throw new ApiError({ kind: 'network', status: null, message: 'Network error', cause: error });
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  if (!response.ok || record?.success === false) {
    if (response.status === 401) clearSession(getDefaultStore());
    throw new ApiError({
      kind: 'http',
      status: response.status,
      message: errorMessageOf(parsed, `Request failed (${response.status})`),
      field: typeof record?.field === 'string' ? record.field : undefined,
      body: parsed,
    });
  }
  return parsed as T;
}
