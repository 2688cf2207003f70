/**
 * The account calls made directly over HTTP (no browser), for checks a user cannot make from
 * the page (an old token) and to put the account back as the run found it.
 */
import { baseUrl } from './browser';
import { codeIn, outboxCursor, temporaryPasswordIn } from './outbox';
import type { Account } from './session';

export type Answer = { status: number; body: Record<string, unknown> };

export async function call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, token?: string): Promise<Answer> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

function expectOk(answer: Answer, what: string): void {
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** Signs in with the code from the outbox; returns the session token. */
export async function signInByApi(account: Account): Promise<string> {
  const texts = await outboxCursor(account.mobile);
  const first = await call('POST', '/api/v1/users/signIn', { usernameOrEmail: account.email, password: account.password });
  expectOk(first, 'signIn');
  const code = codeIn((await texts.next()).body);
  const second = await call('POST', '/api/v1/users/verify2FaForLogin', {
    email: account.email,
    _2faCode: code,
    _2faToken: first.body.twoFactorAuthToken,
  });
  expectOk(second, 'verify2FaForLogin');
  return String(second.body.token);
}

/** Sets the password through the temporary-password email. */
export async function resetPasswordByApi(email: string, newPassword: string): Promise<void> {
  const mails = await outboxCursor(email);
  expectOk(await call('POST', '/api/v1/users/sendTempPassword', { email }), 'sendTempPassword');
  const tempPassword = temporaryPasswordIn((await mails.next({ channel: 'email' })).body);
  expectOk(await call('POST', '/api/v1/users/resetPassword', { email, tempPassword, newPassword, confirmNewPassword: newPassword }), 'resetPassword');
}

/** Changes the account's mobile # (reauthenticate, code to the new number, verify). */
export async function changeMobileByApi(account: Account, newMobile: string): Promise<void> {
  const token = await signInByApi(account);
  expectOk(await call('POST', '/api/users/reauthenticate', { email: account.email, password: account.password }, token), 'reauthenticate');
  const texts = await outboxCursor(newMobile);
  const query = `email=${encodeURIComponent(account.email)}&mobile=${encodeURIComponent(newMobile)}`;
  expectOk(await call('GET', `/api/users/send2FAVerificationCode?${query}`, undefined, token), 'send2FAVerificationCode');
  const code = codeIn((await texts.next()).body);
  expectOk(await call('POST', '/api/users/verifyMobileVerificationCode', { email: account.email, mobile: newMobile, code }, token), 'verifyMobileVerificationCode');
}
