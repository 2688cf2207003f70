import type { ServerResponse } from 'node:http';
import type { GridCursorValue, GridExportCell, GridExportChunk } from '@app/contracts';

/** Cells a spreadsheet would run as a formula (CSV injection) begin with one of these; they get a leading `'`. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): text that starts like a formula is prefixed with `'`; a cell with a
 * comma, quote, CR or LF is quoted, its quotes doubled. Numbers and booleans are written as they are.
 */
export function csvCell(value: GridExportCell): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record, CRLF-terminated. */
export function csvLine(cells: readonly GridExportCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** Resolves once the response drains or closes (both listeners removed, whichever comes). */
export function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Streams a grid's export as CSV: the first chunk is asked before anything is sent (so a 400 or
 * 403 is an ordinary error answer), then each chunk is written as it comes while the next is
 * already asked; writing waits for the socket to drain. The gateway holds at most two chunks,
 * whatever the number of rows. A failure after the header ends the response early.
 */
export async function streamCsv(res: ServerResponse, fileName: string, chunkAfter: (after: GridCursorValue | null) => Promise<GridExportChunk>): Promise<void> {
  let chunk = await chunkAfter(null);
  res.statusCode = 200;
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  let closed = false;
  res.on('close', () => (closed = true));
  const write = async (text: string) => {
    if (!res.write(text) && !closed) await drained(res);
  };
  try {
    await write(csvLine(chunk.columns));
    for (;;) {
      const next = chunk.next ? chunkAfter(chunk.next) : null;
      // A caught copy: a failure of the next chunk is handled where it is awaited, never unhandled.
      next?.catch(() => undefined);
      let text = '';
      for (const row of chunk.rows) {
        text += csvLine(row);
        if (text.length > 64 * 1024) {
          await write(text);
          text = '';
        }
      }
      if (text) await write(text);
      if (!next || closed) break;
      chunk = await next;
    }
    res.end();
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}
