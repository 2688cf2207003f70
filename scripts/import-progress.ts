/** The import CLIs' progress: a bar on a terminal, a count line every 5 s otherwise (logs, CI). */
import { SingleBar } from 'cli-progress';

export type ImportProgress = { file: string; bytes: number; totalBytes: number; rowsRead: number; rowsImported: number; rowsRejected: number };

export function progressReporter() {
  const started = Date.now();
  let bar: SingleBar | undefined;
  let lastLine = 0;
  return {
    update(p: ImportProgress) {
      const rate = Math.round(p.rowsRead / Math.max((Date.now() - started) / 1000, 0.001));
      if (process.stdout.isTTY) {
        if (!bar) {
          bar = new SingleBar({ format: '{file} |{bar}| {percentage}% | {rows} rows | {rate} rows/s | ETA {eta_formatted}', hideCursor: true });
          bar.start(p.totalBytes || 1, 0, { file: p.file, rows: 0, rate: 0 });
        }
        bar.update(p.bytes, { file: p.file, rows: p.rowsRead.toLocaleString('en-US'), rate: rate.toLocaleString('en-US') });
      } else if (Date.now() - lastLine > 5000) {
        lastLine = Date.now();
        console.log(`> ${p.file}: ${p.rowsRead} rows read, ${p.rowsImported} imported, ${p.rowsRejected} rejected, ${rate} rows/s`);
      }
    },
    stop() {
      bar?.stop();
    },
  };
}
