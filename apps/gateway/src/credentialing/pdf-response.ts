import type { Response } from 'express';

/** Sends a PDF (its bytes, or a stored PDF's base64 text) as a download: never cached, never sniffed, its name reduced to safe characters. */
export function sendPdf(res: Response, fileName: string, content: Buffer | string): void {
  const pdf = typeof content === 'string' ? Buffer.from(content, 'base64') : content;
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Length', String(pdf.length));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  res.end(pdf);
}
