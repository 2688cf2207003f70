import { ApiError } from './apiError';

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  /** Query string values; null and undefined are left out. */
  query?: Record<string, QueryValue>;
  /** Send the stored token as `Authorization: Bearer …` (default false). */
  auth?: boolean;
  signal?: AbortSignal;
};

export type ApiClient = {
  get: <T>(path: string, options?: RequestOptions) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => Promise<T>;
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => Promise<T>;
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => Promise<T>;
  /** A multipart POST (uploads): the browser sets the boundary; the same error rules as JSON calls. */
  postForm: <T>(path: string, form: FormData, options?: RequestOptions) => Promise<T>;
  putForm: <T>(path: string, form: FormData, options?: RequestOptions) => Promise<T>;
  /** A file read (chat attachments): the body as a Blob. */
  getBlob: (path: string, options?: RequestOptions) => Promise<Blob>;
};

export type ApiClientOptions = {
  fetch: typeof fetch;
  /** The session token, or null when signed out. */
  getToken: () => string | null;
  /** Called when an authenticated call answers 401: the session is gone. */
  onUnauthorized: () => void;
  /** Where network and parse failures are written (the console by default). */
  log?: (message: string, error: unknown) => void;
  /** Prefix for every path ('' = same origin). */
  baseUrl?: string;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reasons of a 401 that refuse what the user typed (a password, a code) rather than the
 * session: these leave the session alone.
 */
export const REFUSAL_CODES: readonly string[] = ['invalid_credentials', 'invalid_code', 'challenge_closed'];

/** Builds "path?a=1&b=x" from the query values that are set. */
export function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/** The message of an error body: `message` (the gateway), else `msg` (older calls), else the status text. */
export function errorMessageOf(body: unknown, fallback: string): string {
  if (isRecord(body)) {
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.msg === 'string' && body.msg) return body.msg;
  }
  return fallback;
}

/**
 * A small JSON client for the gateway. Adds the bearer token to authenticated calls, turns
 * `{ success: false, message }` answers (and any non-2xx status) into an ApiError, clears the
 * session through onUnauthorized when an authenticated call answers 401, and writes network
 * and parse failures to the log.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const log = options.log ?? ((message: string, error: unknown) => console.error(message, error));
  const baseUrl = options.baseUrl ?? '';

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

  /** Sends one call; JSON bodies are serialized, FormData goes as it is. */
  async function send(method: Method, path: string, body: unknown, requestOptions: RequestOptions, accept: string): Promise<Response> {
    const url = `${baseUrl}${withQuery(path, requestOptions.query)}`;
    const headers: Record<string, string> = { Accept: accept };
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (requestOptions.auth) {
      const token = options.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    try {
      return await options.fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
        signal: requestOptions.signal,
      });
    } catch (error) {
      log(`${method} ${path} failed: network error`, error);
      throw new ApiError({ kind: 'network', status: null, message: 'Network error', cause: error });
    }
  }

  async function request<T>(method: Method, path: string, body: unknown, requestOptions: RequestOptions = {}): Promise<T> {
    const response = await send(method, path, body, requestOptions, 'application/json');

    let parsed: unknown;
    try {
      const text = await response.text();
      parsed = text ? JSON.parse(text) : undefined;
    } catch (error) {
      if (response.ok) {
        log(`${method} ${path} failed: the answer is not JSON`, error);
        throw new ApiError({ kind: 'parse', status: response.status, message: 'Unreadable answer', cause: error });
      }
      parsed = undefined;
    }

    const failed = !response.ok || (isRecord(parsed) && parsed.success === false);
    if (failed) {
      const code = isRecord(parsed) && typeof parsed.code === 'string' ? parsed.code : undefined;
      // A 401 on an authenticated call means the session is gone, unless it refused a typed secret.
      if (response.status === 401 && requestOptions.auth && !(code && REFUSAL_CODES.includes(code))) options.onUnauthorized();
      throw new ApiError({
        kind: 'http',
        status: response.status,
        message: errorMessageOf(parsed, response.statusText || `Request failed (${response.status})`),
        field: isRecord(parsed) && typeof parsed.field === 'string' ? parsed.field : undefined,
        code,
        body: parsed,
      });
    }
    return parsed as T;
  }

  return {
    get: <T>(path: string, requestOptions?: RequestOptions) => request<T>('GET', path, undefined, requestOptions),
    post: <T>(path: string, body?: unknown, requestOptions?: RequestOptions) => request<T>('POST', path, body ?? {}, requestOptions),
    put: <T>(path: string, body?: unknown, requestOptions?: RequestOptions) => request<T>('PUT', path, body ?? {}, requestOptions),
    delete: <T>(path: string, body?: unknown, requestOptions?: RequestOptions) => request<T>('DELETE', path, body, requestOptions),
    postForm: <T>(path: string, form: FormData, requestOptions?: RequestOptions) => request<T>('POST', path, form, requestOptions),
    putForm: <T>(path: string, form: FormData, requestOptions?: RequestOptions) => request<T>('PUT', path, form, requestOptions),
    getBlob: async (path: string, requestOptions: RequestOptions = {}) => {
      const response = await send('GET', path, undefined, requestOptions, '*/*');
      if (response.status === 401 && requestOptions.auth) options.onUnauthorized();
      if (!response.ok) throw new ApiError({ kind: 'http', status: response.status, message: response.statusText || `Request failed (${response.status})` });
      return response.blob();
    },
  };
}
