import type { Response } from 'express';

/** Sends a stored PDF as a download (never cached, never sniffed), its name reduced to safe characters. */
export function sendPdf(res: Response, fileName: string, contentBase64: string): void {
  const pdf = Buffer.from(contentBase64, 'base64');
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Length', String(pdf.length));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  res.end(pdf);
}
