/** What reaches people of a credentialing file, read through the gateway: notifications and PDFs (letters, minutes). */
import request from 'supertest';
import { pdfText } from '@app/testing';
import { bearer, until } from './http';
import type { TestSystem } from './system';

/** The account's notification with the heading, waited for (the notices travel as events). */
export async function notificationWithHeading(sys: TestSystem, token: string, heading: string): Promise<{ heading: string; body: string }> {
  return until(async () => {
    const res = await request(sys.baseUrl).post('/api/users/getNotifications').set(bearer(token)).send({});
    return (res.body.notifications as { heading: string; body: string }[] | undefined)?.find((n) => n.heading === heading);
  }, 60_000);
}

/** The text of a PDF served at the URL (200 and application/pdf expected), white space folded. */
export async function pdfTextAt(sys: TestSystem, token: string, url: string): Promise<string> {
  const res = await request(sys.baseUrl)
    .get(url)
    .set(bearer(token))
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    })
    .expect(200);
  expect(res.headers['content-type']).toMatch(/^application\/pdf/);
  return (await pdfText(res.body as Buffer)).join(' ').replace(/\s+/g, ' ');
}
