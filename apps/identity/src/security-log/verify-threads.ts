import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { checkBatch, type BatchResult } from './verify-rows';

/** A batch of verify rows for a worker: COPY text lines (UTF-8, `length` bytes of `bytes`, moved to the worker). */
export type BatchRequest = { id: number; bytes: ArrayBuffer; length: number; start: number; prevHash: string };
export type BatchReply = { id: number; result?: BatchResult; error?: string };

/** Worker threads the verify uses by default: one per core (the walk itself waits on Postgres and the workers most of the time). */
export const defaultVerifyThreads = () => Math.min(4, availableParallelism());

type Waiting = { resolve: (r: BatchResult) => void; reject: (e: Error) => void; worker: Worker };

/**
 * Checks batches of verify rows (checkBatch) on `threads` worker threads, or in this thread when
 * `threads` is 0. Each batch goes to the worker with the fewest batches in hand.
 */
export class BatchCheckers {
  private readonly workers: Worker[] = [];
  private readonly load = new Map<Worker, number>();
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  private failure: Error | null = null;
  private closing = false;

  constructor(
    threads: number,
    private readonly anchors: ReadonlyMap<number, readonly string[]>,
  ) {
    for (let i = 0; i < threads; i++) {
      const worker = spawnVerifyWorker({ anchors: [...anchors] });
      worker.on('message', (m: BatchReply) => this.settle(m));
      worker.on('error', (e) => this.fail(e));
      worker.on('exit', (code) => {
        if (!this.closing) this.fail(new Error(`a verify worker thread exited (code ${code})`));
      });
      this.workers.push(worker);
      this.load.set(worker, 0);
    }
  }

  /** Checks the rows in `bytes` (complete lines); see checkBatch for `start` and `prevHash`. */
  check(bytes: Buffer, start: number, prevHash: string): Promise<BatchResult> {
    if (this.failure) return Promise.reject(this.failure);
    if (!this.workers.length) {
      try {
        return Promise.resolve(checkBatch(bytes.toString('utf8'), start, prevHash, this.anchors));
      } catch (e) {
        return Promise.reject(e as Error);
      }
    }
    let worker = this.workers[0];
    for (const w of this.workers) if (this.load.get(w)! < this.load.get(worker)!) worker = w;
    // Copied into an ArrayBuffer of its own, which is moved to the worker (a Buffer may be a view
    // into a larger or shared one).
    const own = new Uint8Array(bytes.length);
    own.set(bytes);
    const id = this.nextId++;
    const request: BatchRequest = { id, bytes: own.buffer, length: own.length, start, prevHash };
    return new Promise<BatchResult>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, worker });
      this.load.set(worker, this.load.get(worker)! + 1);
      worker.postMessage(request, [request.bytes]);
    });
  }

  private settle(m: BatchReply): void {
    const w = this.waiting.get(m.id);
    if (!w) return;
    this.waiting.delete(m.id);
    this.load.set(w.worker, this.load.get(w.worker)! - 1);
    if (m.result) w.resolve(m.result);
    else w.reject(new Error(`a verify worker thread failed: ${m.error}`));
  }

  private fail(e: Error): void {
    this.failure ??= e;
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
  }

  /** Stops the worker threads (batches still in hand are dropped). */
  async close(): Promise<void> {
    this.closing = true;
    this.fail(new Error('the verify was closed'));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** The worker: the compiled verify-worker.js beside this file, or from the TypeScript sources (jest) through the repository's swc require hook. */
function spawnVerifyWorker(workerData: unknown): Worker {
  const js = join(__dirname, 'verify-worker.js');
  if (existsSync(js)) return new Worker(js, { workerData });
  const hook = join(__dirname, '../../../../libs/event-store/test/register-ts.js');
  const ts = join(__dirname, 'verify-worker.ts');
  return new Worker(`require(${JSON.stringify(hook)}); require(${JSON.stringify(ts)});`, { eval: true, workerData });
}
