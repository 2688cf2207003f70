import { HTTP } from 'cloudevents';
import type { RecordedEvent } from '../store/event-store.types';
import { cloudEventJson, toCloudEvent } from './cloud-event';

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

describe('cloudEventJson', () => {
  it('writes exactly the text of toCloudEvent(...).toString()', () => {
    const cases: Array<[RecordedEvent, { type: string; data: unknown; version?: number }]> = [
      [event, { type: 'AccountRegistered', data: { userName: 'ada', nested: { list: [1, 'two', null], 'é "q"': true } } }],
      [{ ...event, metadata: {} }, { type: 'AccountRenamed', data: {}, version: 2 }],
      [{ ...event, metadata: { correlationId: 'only-correlation' } }, { type: 'X', data: null }],
      [{ ...event, metadata: { causationId: 'only-cause', correlationId: '' } }, { type: 'Y_z-1', data: undefined }],
      [{ ...event, streamId: 'stream "quoted" \\ \n' }, { type: 'Z', data: 'a string' }],
      [event, { type: 'N', data: 42 }],
      [event, { type: 'S', data: '{"looks":"like json"}' }],
      [event, { type: 'L', data: [{ b: 2, a: 1 }] }],
    ];
    for (const [e, integration] of cases) {
      const options = { context: 'identity', source: '/identity' };
      expect(cloudEventJson(e, integration, options)).toBe(toCloudEvent(e, integration, options).toString());
    }
  });

  it('rejects what toCloudEvent rejects', () => {
    const options = { context: 'identity', source: '/identity' };
    expect(() => cloudEventJson(event, { type: 'account.registered', data: {} }, options)).toThrow(/NATS subject token/);
    expect(() => cloudEventJson({ ...event, recordedAt: new Date(NaN) }, { type: 'A', data: {} }, options)).toThrow();
    expect(() => cloudEventJson(event, { type: 'A', data: {} }, { ...options, source: '' })).toThrow();
  });
});
