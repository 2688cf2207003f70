/**
 * A worker thread of the verify walk (verify-threads.ts): checks the batches of COPY rows it is
 * sent with checkBatch and posts back what it found, in the order they came.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { checkBatch } from './verify-rows';
import type { BatchRequest, BatchReply } from './verify-threads';

const anchors = new Map<number, readonly string[]>((workerData as { anchors: [number, string[]][] }).anchors);

parentPort!.on('message', (m: BatchRequest) => {
  let reply: BatchReply;
  try {
    const text = Buffer.from(m.bytes, 0, m.length).toString('utf8');
    reply = { id: m.id, result: checkBatch(text, m.start, m.prevHash, anchors) };
  } catch (e) {
    reply = { id: m.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort!.postMessage(reply);
});
