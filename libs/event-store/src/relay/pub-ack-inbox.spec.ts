import { JetStreamApiError } from '@nats-io/jetstream';
import { headers, type Msg, type MsgHdrs, type NatsConnection, type Subscription, type SubscriptionOptions } from '@nats-io/transport-node';
import { PubAckInbox, pubAckError } from './pub-ack-inbox';

/** A connection that records publishes and lets the test answer them on the subscription. */
function fakeConnection() {
  const published: Array<{ subject: string; reply: string; headers?: MsgHdrs }> = [];
  let callback: SubscriptionOptions['callback'] | undefined;
  let closeSub: (err?: Error) => void = () => undefined;
  const subscriptions: string[] = [];
  let closed = false;
  const nc = {
    options: { inboxPrefix: '_INBOX.identity' },
    publish(subject: string, _data: Uint8Array, opts: { reply: string; headers?: MsgHdrs }) {
      if (closed) throw new Error('closed connection');
      published.push({ subject, reply: opts.reply, headers: opts.headers });
    },
    subscribe(subject: string, opts: SubscriptionOptions) {
      subscriptions.push(subject);
      callback = opts.callback;
      let isClosed = false;
      const done = new Promise<void | Error>((resolve) => (closeSub = (err) => ((isClosed = true), resolve(err))));
      return { closed: done, isClosed: () => isClosed, unsubscribe: () => closeSub() } as unknown as Subscription;
    },
  } as unknown as NatsConnection;
  const reply = (i: number, body: string, status?: number) => {
    const h = status ? headers(status, 'No Responders') : undefined;
    const data = new TextEncoder().encode(body);
    callback!(null, { subject: published[i].reply, data, headers: h, json: () => JSON.parse(body) } as unknown as Msg);
  };
  return {
    nc,
    published,
    subscriptions,
    reply,
    closeConnection: () => {
      closed = true;
      closeSub();
    },
  };
}

const body = new TextEncoder().encode('{}');

describe('PubAckInbox', () => {
  afterEach(() => jest.useRealTimers());

  it('publishes with a reply on its own inbox and settles each publish by its PubAck', () => {
    const fake = fakeConnection();
    const inbox = new PubAckInbox(fake.nc, 5000);
    const outcomes: Array<string | null> = [];
    for (let i = 0; i < 3; i++) inbox.publish(`events.identity.E${i}`, body, headers(), (err) => outcomes.push(err ? err.message : `ok ${i}`));
    expect(fake.subscriptions).toHaveLength(1);
    expect(fake.subscriptions[0]).toMatch(/^_INBOX\.identity\.[A-Za-z0-9]+\.\*$/);
    expect(fake.published.map((p) => p.subject)).toEqual(['events.identity.E0', 'events.identity.E1', 'events.identity.E2']);
    expect(new Set(fake.published.map((p) => p.reply)).size).toBe(3);

    fake.reply(1, '{"stream":"EVENTS","seq":7}');
    fake.reply(0, '{"stream":"EVENTS","seq":6,"duplicate":true}');
    fake.reply(2, '{"error":{"code":503,"err_code":10077,"description":"maximum messages exceeded"}}');
    fake.reply(2, '{"stream":"EVENTS","seq":8}'); // a second answer for a settled publish is ignored
    expect(outcomes).toEqual(['ok 1', 'ok 0', 'maximum messages exceeded']);
    inbox.close();
  });

  it('fails the publishes whose PubAck did not arrive in time, and ignores their late acks', () => {
    jest.useFakeTimers();
    const fake = fakeConnection();
    const inbox = new PubAckInbox(fake.nc, 1000);
    const outcomes: Array<string | null> = [];
    inbox.publish('events.identity.A', body, headers(), (err) => outcomes.push(err?.message ?? 'ok A'));
    jest.advanceTimersByTime(600);
    inbox.publish('events.identity.B', body, headers(), (err) => outcomes.push(err?.message ?? 'ok B'));
    jest.advanceTimersByTime(500);
    expect(outcomes).toEqual(['no PubAck within 1000 ms (timeout)']);
    fake.reply(0, '{"stream":"EVENTS","seq":1}');
    fake.reply(1, '{"stream":"EVENTS","seq":2}');
    expect(outcomes).toEqual(['no PubAck within 1000 ms (timeout)', 'ok B']);
    jest.advanceTimersByTime(5000);
    expect(outcomes).toHaveLength(2);
    inbox.close();
  });

  it('fails what is pending when the connection closes, and a publish on a closed connection at once', async () => {
    const fake = fakeConnection();
    const inbox = new PubAckInbox(fake.nc, 5000);
    const outcomes: string[] = [];
    inbox.publish('events.identity.A', body, headers(), (err) => outcomes.push(err?.message ?? 'ok'));
    fake.closeConnection();
    await new Promise((r) => setImmediate(r));
    expect(outcomes).toEqual(['the NATS connection closed before the PubAck arrived']);
    inbox.publish('events.identity.B', body, headers(), (err) => outcomes.push(err?.message ?? 'ok'));
    expect(outcomes[1]).toBe('closed connection');
  });
});

describe('pubAckError', () => {
  const msg = (text: string, code?: number) => ({
    data: new TextEncoder().encode(text),
    headers: code ? headers(code, 'No Responders') : undefined,
    json: <T>() => JSON.parse(text) as T,
  });

  it('accepts a PubAck, duplicates included', () => {
    expect(pubAckError(msg('{"stream":"EVENTS","seq":3}'))).toBeNull();
    expect(pubAckError(msg('{"stream":"EVENTS","seq":3,"duplicate":true}'))).toBeNull();
  });

  it('turns anything else into an error: no responders, API errors, no stream, not JSON', () => {
    expect(pubAckError(msg('', 503))?.message).toMatch(/no responders/);
    const api = pubAckError(msg('{"error":{"code":400,"err_code":10060,"description":"expected stream does not match"}}'));
    expect(api).toBeInstanceOf(JetStreamApiError);
    expect((api as JetStreamApiError).code).toBe(10060);
    expect(pubAckError(msg('{"seq":3}'))?.message).toMatch(/no stream/);
    expect(pubAckError(msg('nope'))?.message).toMatch(/not JSON/);
  });
});
