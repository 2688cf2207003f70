import { natsConnectionOptions, redactNatsUrl } from './nats-url';

describe('NATS_URL', () => {
  it('splits credentials out of the URL and keeps every server', () => {
    expect(natsConnectionOptions('nats://app:s%40cret@nats-1:4222,nats://nats-2:4222')).toEqual({
      servers: ['nats://nats-1:4222', 'nats://nats-2:4222'],
      user: 'app',
      pass: 's@cret',
      inboxPrefix: '_INBOX.app',
    });
    expect(natsConnectionOptions('nats://127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'] });
  });
  it('never shows the password in logs', () => {
    expect(redactNatsUrl('nats://app:secret@nats:4222')).toBe('nats://app:***@nats:4222');
  });
});
