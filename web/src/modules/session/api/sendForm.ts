import { apiClient } from './apiClient';

/**
 * Sends form data (uploads) with the session token, POST or PUT, through the one API client:
 * failures become ApiErrors (with the field the server names), and a 401 ends the session.
 */
export function sendForm<T>(method: 'POST' | 'PUT', path: string, form: FormData): Promise<T> {
  return method === 'PUT' ? apiClient.putForm<T>(path, form, { auth: true }) : apiClient.postForm<T>(path, form, { auth: true });
}
