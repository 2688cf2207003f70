/**
 * Retries `check` until it stops throwing (and returns its result), or rethrows its last error
 * after `timeoutMs`. For waiting on a condition in tests instead of sleeping.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const intervalMs = options.intervalMs ?? 25;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() >= deadline) {
        if (err instanceof Error) err.message = `Not true within ${timeoutMs} ms: ${err.message}`;
        throw err;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
