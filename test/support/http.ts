/** Small helpers the API tests share: the bootstrapped master admin, auth headers, asserting 200, polling. */
import type request from 'supertest';

/** The master admin every test system bootstraps (test/support/system.ts sets its env). */
export const MASTER_ADMIN = { email: 'admin@example.test', mobile: '+12025550100', password: 'Correct-Horse-Battery-9' } as const;

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** 200, else fail showing the status and the body. */
export function ok(res: request.Response): void {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${JSON.stringify(res.body)}`);
}

/** Polls `fn` until it gives a truthy value (errors count as not yet), failing after `ms`. */
export async function until<T>(fn: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await fn().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
