import { Parser } from '@asyncapi/parser';
import * as contracts from '../index';
import { asyncApiDocument, catalogueEvent, EVENT_CATALOGUE } from './index';

const contexts = ['identity', 'directory', 'practices', 'messaging', 'credentialing'] as const;

/** Every `<NAME>_V1 = '<EventName>'` constant a context exports: the events it publishes. */
function publishedEventNames(context: (typeof contexts)[number]): string[] {
  const ns = contracts[context] as Record<string, unknown>;
  return Object.entries(ns)
    .filter(([k, v]) => /_V1$/.test(k) && typeof v === 'string')
    .map(([, v]) => v as string);
}

describe('the integration event catalogue', () => {
  it.each(contexts)('lists every event %s declares, once', (context) => {
    const declared = publishedEventNames(context).sort();
    const listed = EVENT_CATALOGUE.filter((e) => e.context === context).map((e) => e.name).sort();
    expect(declared.length).toBeGreaterThan(0);
    expect(listed).toEqual(declared);
  });

  it('parses a real event payload and refuses a malformed one naming the field', () => {
    const event = catalogueEvent('messaging', 'MessagePosted')!;
    const data = { chatId: 'c1', chatType: 1, messageId: 'm1', senderId: 'u1', kind: 'text', postedAt: '2026-11-26T01:00:00.000Z' };
    expect(event.schema.parse(data)).toEqual(data);
    const bad = event.schema.safeParse({ ...data, kind: 'video' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['kind']);
  });

  it('is a valid AsyncAPI 3.0 document for the official parser, one channel and operation per event', async () => {
    const doc = asyncApiDocument(EVENT_CATALOGUE, { version: '1.0.0' });
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(doc));
    const errors = diagnostics.filter((d) => d.severity === 0);
    expect(errors).toEqual([]);
    expect(document).toBeDefined();
    expect(document!.version()).toBe('3.0.0');
    const addresses = document!.channels().all().map((c) => c.address());
    expect(addresses).toHaveLength(EVENT_CATALOGUE.length);
    expect(addresses).toContain('events.practices.PracticeCreated');
    const op = document!.operations().all().find((o) => o.channels().all()[0]?.address() === 'events.identity.AccountRegistered');
    expect(op?.action()).toBe('send');
    const payload = op!.messages().all()[0].payload()!.json() as { properties: Record<string, { const?: string; properties?: object }> };
    expect(payload.properties.type.const).toBe('identity.AccountRegistered.v1');
    expect(Object.keys(payload.properties.data.properties ?? {})).toEqual(expect.arrayContaining(['accountId', 'userName', 'roles']));
  });
});
