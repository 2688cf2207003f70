import { randomBytes } from 'node:crypto';

export function testNatsUrl(): string {
  return process.env.TEST_NATS_URL ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
}

/** A unique subject/stream prefix (`t_<random>`) so tests never see a dev system's messages. */
export function testNatsPrefix(label = 't'): string {
  return `${label.replace(/[^a-z0-9_]/gi, '_')}_${randomBytes(4).toString('hex')}`;
}
