/** The logging the library needs; `console`, Nest's `Logger` and pino-style adapters fit. */
export type EventStoreLogger = {
  log(message: string, ...meta: unknown[]): void;
  warn(message: string, ...meta: unknown[]): void;
  error(message: string, ...meta: unknown[]): void;
};

export const consoleLogger: EventStoreLogger = console;

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Exponential backoff with full jitter on the upper half: attempt 1 -> ~initial, capped at max. */
export function backoffDelay(attempt: number, initialMs: number, maxMs: number): number {
  const base = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(base / 2 + (Math.random() * base) / 2);
}

/** 10, 20, 40 ... ms, capped: how soon to look again for events that are committed but not yet readable. */
export function shortRetryDelay(attempt: number, maxMs: number): number {
  return Math.min(maxMs, 10 * 2 ** Math.min(attempt, 16));
}

/**
 * A wake-up signal that is never lost: `notify()` before `wait()` makes the next `wait()`
 * return at once.
 */
export class WakeSignal {
  private pending = false;
  private waiters: Array<() => void> = [];

  notify(): void {
    if (this.waiters.length === 0) {
      this.pending = true;
      return;
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** True if a `notify()` came since the last wait, which it consumes (the next wait waits). */
  take(): boolean {
    const was = this.pending;
    this.pending = false;
    return was;
  }

  /** Resolves on `notify()` or after `timeoutMs`, whichever comes first. */
  wait(timeoutMs: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      this.waiters.push(done);
    });
  }
}

/** Runs tasks one at a time, in call order. */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Quotes a validated SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A string as an SQL literal (for DDL, which takes no parameters). */
export function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * The lifecycle shared by the projection runner and the relay: a background loop woken by
 * every append (LISTEN) through `wake`, stopped after the work in progress with `stop()`.
 */
export class AppendDrivenLoop {
  readonly wake = new WakeSignal();
  private loop: Promise<void> | null = null;
  private listener: { close: () => Promise<void> } | null = null;
  private stopRequested = false;

  get running(): boolean {
    return this.loop !== null;
  }
  /** True once stop() was called: the loop body should finish its current work and return. */
  get stopping(): boolean {
    return this.stopRequested;
  }

  async start(listen: (onAppend: () => void) => Promise<{ close: () => Promise<void> }>, body: () => Promise<void>): Promise<void> {
    if (this.loop) return;
    this.stopRequested = false;
    this.listener = await listen(() => this.wake.notify());
    this.loop = body();
  }

  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopRequested = true;
    this.wake.notify();
    await this.loop;
    this.loop = null;
    await this.listener?.close();
    this.listener = null;
  }
}
