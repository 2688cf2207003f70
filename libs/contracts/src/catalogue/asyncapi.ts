import { z } from 'zod';
import type { CatalogueEvent } from './define';

type JsonSchema = Record<string, unknown>;

/** The JSON Schema of an event's data: draft-07, open to fields a later minor release may add. */
function payloadSchema(event: CatalogueEvent): JsonSchema {
  const schema = z.toJSONSchema(event.schema, { target: 'draft-7', io: 'input' }) as JsonSchema;
  delete schema.$schema;
  return schema;
}

/** The CloudEvents 1.0 structured-mode envelope the relay publishes, with the event's data inside. */
function envelope(event: CatalogueEvent): JsonSchema {
  const type = `${event.context}.${event.name}.v${event.version}`;
  return {
    type: 'object',
    required: ['specversion', 'id', 'source', 'type', 'subject', 'time', 'datacontenttype', 'data'],
    properties: {
      specversion: { type: 'string', const: '1.0' },
      id: { type: 'string', description: 'the event id (also the Nats-Msg-Id header): deduplicate on it' },
      source: { type: 'string', description: `the publishing service, '/${event.context}'` },
      type: { type: 'string', const: type },
      subject: { type: 'string', description: 'the stream (aggregate) id the event belongs to' },
      time: { type: 'string', format: 'date-time', description: 'when the event was recorded' },
      datacontenttype: { type: 'string', const: 'application/json' },
      correlationid: { type: 'string', description: 'request id of the call that caused it (CloudEvents extension)' },
      causationid: { type: 'string', description: 'id of the command or event that caused it (CloudEvents extension)' },
      data: payloadSchema(event),
    },
  };
}

/**
 * The AsyncAPI 3.0 document of the integration events: one channel per event
 * (`events.<context>.<Event>` on NATS JetStream, stream EVENTS), one message with the
 * CloudEvents envelope, and the publishing service's `send` operation.
 */
export function asyncApiDocument(events: readonly CatalogueEvent[], options: { version: string; server?: string }): JsonSchema {
  const channels: JsonSchema = {};
  const operations: JsonSchema = {};
  const messages: JsonSchema = {};
  for (const event of events) {
    const key = `${event.context}.${event.name}`;
    const messageKey = `${event.context}${event.name}V${event.version}`;
    messages[messageKey] = {
      name: `${event.name}.v${event.version}`,
      title: `${event.context} ${event.name} v${event.version}`,
      summary: event.summary,
      contentType: 'application/cloudevents+json',
      headers: {
        type: 'object',
        properties: { 'Nats-Msg-Id': { type: 'string', description: 'the event id (JetStream deduplication)' } },
      },
      payload: envelope(event),
    };
    channels[key] = {
      address: `events.${event.context}.${event.name}`,
      title: `${event.context} ${event.name}`,
      description: event.summary,
      messages: { [messageKey]: { $ref: `#/components/messages/${messageKey}` } },
    };
    operations[`publish.${key}`] = {
      action: 'send',
      title: `${event.context} publishes ${event.name}`,
      channel: { $ref: `#/channels/${key.replace(/~/g, '~0').replace(/\//g, '~1')}` },
      messages: [{ $ref: `#/channels/${key}/messages/${messageKey}` }],
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Credentialing Suite integration events',
      version: options.version,
      description:
        'Domain events of the credentialing suite, published to NATS JetStream as CloudEvents 1.0 JSON. ' +
        'Integrators read them read-only from the INTEGRATORS account (stream EVENTS) with durable consumers. ' +
        'Events carry ids, kinds, statuses and dates: never secrets, message text or documents.',
    },
    defaultContentType: 'application/cloudevents+json',
    servers: {
      nats: {
        host: options.server ?? 'nats:4222',
        protocol: 'nats',
        description: 'NATS with JetStream; integrators connect as user "integrator" (deploy/nats/README.md).',
      },
    },
    channels,
    operations,
    components: { messages },
  };
}
