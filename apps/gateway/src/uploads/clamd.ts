import { createReadStream } from 'node:fs';
import { connect } from 'node:net';

export type ClamdOptions = { host: string; port: number; timeoutMs?: number };
export type ScanResult = { infected: false } | { infected: true; signature: string };

/**
 * Streams a file to clamd with INSTREAM (zINSTREAM\0, then chunks of <4-byte big-endian length>
 * <bytes>, ended by a zero length) and reads its one-line verdict: `stream: OK`, or
 * `stream: <signature> FOUND`. Anything else (an ERROR line, a closed or silent socket) throws:
 * the caller refuses the upload rather than storing an unscanned file.
 */
export function scanFile(path: string, opts: ClamdOptions): Promise<ScanResult> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: opts.host, port: opts.port });
    let answer = '';
    let settled = false;
    const done = (err: Error | null, result?: ScanResult) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (err) reject(err);
      else resolve(result as ScanResult);
    };
    socket.setTimeout(opts.timeoutMs ?? 30_000, () => done(new Error('clamd did not answer in time')));
    socket.on('error', (err) => done(new Error(`clamd: ${err.message}`)));
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      if (answer.includes('\0') || answer.includes('\n')) finish();
    });
    socket.on('end', () => finish());
    const finish = () => {
      const line = answer.replace(/\0/g, '').trim();
      if (/^stream: OK$/.test(line)) return done(null, { infected: false });
      const found = /^stream: (.+) FOUND$/.exec(line);
      if (found) return done(null, { infected: true, signature: found[1] });
      done(new Error(`clamd answered: ${line.slice(0, 200) || '(nothing)'}`));
    };
    socket.on('connect', () => {
      socket.write('zINSTREAM\0');
      const file = createReadStream(path, { highWaterMark: 64 * 1024 });
      file.on('data', (data) => {
        const buf = data as Buffer;
        const size = Buffer.alloc(4);
        size.writeUInt32BE(buf.length);
        if (!socket.write(Buffer.concat([size, buf]))) file.pause();
      });
      socket.on('drain', () => file.resume());
      file.on('end', () => socket.write(Buffer.alloc(4)));
      file.on('error', (err) => done(err));
    });
  });
}
