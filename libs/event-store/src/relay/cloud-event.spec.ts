import { HTTP } from 'cloudevents';
import type { RecordedEvent } from '../store/event-store.types';
import { toCloudEvent } from './cloud-event';

const event: RecordedEvent = {
  globalPosition: '42',
  transactionId: '1001',
  streamId: 'account-7',
  streamVersion: 3,
  id: '0b7a1c0e-8f7e-4c55-9f7c-3a9a2b1c0d11',
  type: 'AccountRegistered',
  data: { userName: 'ada', passwordHash: 'secret' },
  metadata: { correlationId: 'corr-1', causationId: 'cause-1', actorId: 'user-1' },
  recordedAt: new Date('2025-01-02T03:04:05.678Z'),
};

describe('toCloudEvent', () => {
  it('builds a valid CloudEvents 1.0 event from the stored event and its integration payload', () => {
    const ce = toCloudEvent(event, { type: 'AccountRegistered', data: { userName: 'ada' } }, { context: 'identity', source: '/identity' });
    const json = JSON.parse(ce.toString());
    expect(json).toEqual({
      specversion: '1.0',
      id: event.id,
      source: '/identity',
      type: 'identity.AccountRegistered.v1',
      subject: 'account-7',
      time: '2025-01-02T03:04:05.678Z',
      datacontenttype: 'application/json',
      data: { userName: 'ada' },
      correlationid: 'corr-1',
      causationid: 'cause-1',
    });
    const parsed = HTTP.toEvent({ headers: { 'content-type': 'application/cloudevents+json' }, body: ce.toString() });
    expect(parsed).toMatchObject({ id: event.id, type: 'identity.AccountRegistered.v1' });
  });

  it('uses the contract version and leaves out absent correlation attributes', () => {
    const ce = toCloudEvent(
      { ...event, metadata: {} },
      { type: 'AccountRenamed', data: {}, version: 2 },
      { context: 'identity', source: '/identity' },
    );
    expect(ce.type).toBe('identity.AccountRenamed.v2');
    expect(JSON.parse(ce.toString())).not.toHaveProperty('correlationid');
  });

  it('rejects an event name that is not a single NATS subject token', () => {
    expect(() => toCloudEvent(event, { type: 'account.registered', data: {} }, { context: 'identity', source: '/identity' })).toThrow(
      /NATS subject token/,
    );
  });
});
