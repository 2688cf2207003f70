/**
 * Reads the development outbox of the running system (GET /api/dev/outbox?to=…, development
 * and test only): the emails and text messages it would have sent, newest first. The
 * end-to-end specs take sign-in codes, verification codes and temporary passwords from it.
 */
import { baseUrl } from './browser';

export type OutboxMessage = {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
  createdAt: string;
};

/** The messages sent to this address or number, newest first. */
export async function readOutbox(to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`GET /api/dev/outbox answered ${response.status}`);
  const messages = (await response.json()) as OutboxMessage[];
  return messages.filter((message) => message.to === to);
}

export type OutboxCursor = {
  /** Waits for the newest message to the address that was not there when the cursor was taken. */
  next: (options?: { timeoutMs?: number; channel?: OutboxMessage['channel'] }) => Promise<OutboxMessage>;
};

/**
 * Marks what is in the outbox for an address now (the ids, and the time less a little clock
 * slack), so a later `next()` returns only a message sent after the mark.
 */
export async function outboxCursor(to: string): Promise<OutboxCursor> {
  const seen = new Set((await readOutbox(to)).map((message) => message.id));
  const since = Date.now() - 2_000;
  return {
    next: async ({ timeoutMs = 20_000, channel } = {}) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const fresh = (await readOutbox(to)).filter(
          (message) =>
            !seen.has(message.id) && Date.parse(message.createdAt) >= since && (!channel || message.channel === channel),
        );
        if (fresh.length > 0) {
          const newest = fresh.reduce((a, b) => (Date.parse(b.createdAt) > Date.parse(a.createdAt) ? b : a));
          seen.add(newest.id);
          return newest;
        }
        if (Date.now() > deadline) throw new Error(`No new message to ${to} arrived within ${timeoutMs} ms.`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
  };
}

/** The 6-digit code in a message body. */
export function codeIn(body: string): string {
  const match = /\b(\d{6})\b/.exec(body);
  if (!match) throw new Error(`No 6-digit code in: ${body}`);
  return match[1];
}

/** The temporary password in a password email ("…temporary password…: <value>"). */
export function temporaryPasswordIn(body: string): string {
  const text = body.replace(/<[^>]+>/g, ' ');
  const match = /temporary password[^:\n]*:\s*(\S+)/i.exec(text) ?? /temporary password (?:is )?(\S+)/i.exec(text);
  if (!match) throw new Error(`No temporary password in: ${body}`);
  return match[1].replace(/[.,;]+$/, '');
}

/** The server's minimum time between two sign-in codes of one account, with a second of slack. */
export const SIGN_IN_CODE_INTERVAL_MS = 31_000;

/**
 * Waits, only when needed, until a new sign-in code may be sent to this number: until the
 * newest message to it is `intervalMs` old (the server sends one account a code at most every
 * 30 s, and an earlier spec or step may just have signed in). Returns how long it waited.
 */
export async function waitForCodeWindow(to: string, intervalMs: number = SIGN_IN_CODE_INTERVAL_MS): Promise<number> {
  const newest = (await readOutbox(to)).reduce((latest, message) => Math.max(latest, Date.parse(message.createdAt) || 0), 0);
  const wait = Math.max(0, newest + intervalMs - Date.now());
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return wait;
}
