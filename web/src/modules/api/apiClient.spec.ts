import { createApiClient, withQuery } from './apiClient';
import { ApiError, hasStatus, serverMessage } from './apiError';

type Call = { url: string; init: RequestInit };

function fakeFetch(answer: (call: Call) => Response | Promise<Response>): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init: init ?? {} };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  return { fetch: fetchFn, calls };
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function client(fetchFn: typeof fetch, token: string | null = 'tok-1') {
  const onUnauthorized = jest.fn();
  const log = jest.fn();
  const api = createApiClient({ fetch: fetchFn, getToken: () => token, onUnauthorized, log });
  return { api, onUnauthorized, log };
}

describe('API client', () => {
  it('posts JSON and returns the parsed answer', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { success: true, phone: '***0123' }));
    const { api } = client(fetch);
    const reply = await api.post<{ phone: string }>('/api/v1/users/signIn', { usernameOrEmail: 'a@b.co', password: 'pw' });
    expect(reply.phone).toBe('***0123');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ usernameOrEmail: 'a@b.co', password: 'pw' });
    expect((calls[0].init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('adds the bearer token to authenticated calls only', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { success: true }));
    const { api } = client(fetch, 'secret-token');
    await api.post('/api/v1/users/isSignedIn', {}, { auth: true });
    await api.post('/api/v1/users/signIn', {});
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer secret-token');
    expect((calls[1].init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('turns an error answer into an ApiError with the server message and field', async () => {
    const { fetch } = fakeFetch(() => json(400, { success: false, message: 'This password is too common', field: 'newPassword' }));
    const { api } = client(fetch);
    const failure = await api.post('/api/v1/users/resetPassword', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'http', status: 400, message: 'This password is too common', field: 'newPassword' });
    expect(serverMessage(failure)).toBe('This password is too common');
  });

  it('treats a 200 answer with success false as a failure, reading msg when there is no message', async () => {
    const { fetch } = fakeFetch(() => json(200, { success: false, msg: 'Could not text that number' }));
    const { api } = client(fetch);
    const failure = await api.get('/api/users/send2FAVerificationCode').catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'http', status: 200, message: 'Could not text that number' });
  });

  it('clears the session when an authenticated call answers 401', async () => {
    const { fetch } = fakeFetch(() => json(401, { success: false, message: 'Not signed in or session expired', code: 'unauthorized' }));
    const { api, onUnauthorized } = client(fetch);
    const failure = await api.post('/api/v1/users/isSignedIn', {}, { auth: true }).catch((error: unknown) => error);
    expect(hasStatus(failure, 401)).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when an authenticated call answers 401 to a wrong password or code', async () => {
    for (const code of ['invalid_credentials', 'invalid_code']) {
      const { fetch } = fakeFetch(() => json(401, { success: false, message: 'Invalid Password', code }));
      const { api, onUnauthorized } = client(fetch);
      await expect(api.post('/api/users/reauthenticate', {}, { auth: true })).rejects.toMatchObject({ status: 401, code });
      expect(onUnauthorized).not.toHaveBeenCalled();
    }
  });

  it('keeps the session when a public call answers 401 (wrong credentials)', async () => {
    const { fetch } = fakeFetch(() => json(401, { success: false, message: 'Incorrect Log In Credentials' }));
    const { api, onUnauthorized } = client(fetch);
    await expect(api.post('/api/v1/users/signIn', {})).rejects.toMatchObject({ status: 401, message: 'Incorrect Log In Credentials' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logs network failures and rejects with a network ApiError', async () => {
    const { fetch } = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    const { api, log } = client(fetch);
    const failure = await api.get('/api/users/securityEvents').catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'network', status: null });
    expect(serverMessage(failure)).toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('network error'), expect.any(TypeError));
  });

  it('logs answers that are not JSON', async () => {
    const { fetch } = fakeFetch(() => new Response('<html>', { status: 200 }));
    const { api, log } = client(fetch);
    await expect(api.get('/api/x')).rejects.toMatchObject({ kind: 'parse' });
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('uses the status text for an error answer without a JSON body', async () => {
    const { fetch } = fakeFetch(() => new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' }));
    const { api, log } = client(fetch);
    await expect(api.get('/api/x')).rejects.toMatchObject({ kind: 'http', status: 502, message: 'Bad Gateway' });
    expect(log).not.toHaveBeenCalled();
  });

  it('posts form data as it is, with the token and the JSON error rules (the one path uploads take)', async () => {
    const { fetch, calls } = fakeFetch(() => json(401, { success: false, message: 'Session ended' }));
    const { api, onUnauthorized } = client(fetch, 'tok-9');
    const form = new FormData();
    form.append('chatId', 'dm-1');
    await expect(api.postForm('/api/users/uploadChatFile', form, { auth: true })).rejects.toMatchObject({ status: 401, message: 'Session ended' });
    expect(calls[0].init.body).toBe(form);
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-9');
    expect(headers['Content-Type']).toBeUndefined();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reads a file as a blob and refuses an error answer', async () => {
    const { fetch } = fakeFetch((call) => (call.url.endsWith('/ok') ? new Response('file-bytes', { status: 200 }) : new Response('', { status: 404, statusText: 'Not Found' })));
    const { api } = client(fetch);
    expect(await (await api.getBlob('/files/ok', { auth: true })).text()).toBe('file-bytes');
    await expect(api.getBlob('/files/gone', { auth: true })).rejects.toMatchObject({ status: 404 });
  });

  it('builds query strings from the values that are set', async () => {
    expect(withQuery('/api/users/securityEvents', { page: 2, limit: 10, skip: undefined })).toBe('/api/users/securityEvents?page=2&limit=10');
    expect(withQuery('/x', { email: 'a+b@c.co' })).toBe('/x?email=a%2Bb%40c.co');
    expect(withQuery('/x', {})).toBe('/x');
  });
});
