import { CloudEvent } from 'cloudevents';
import type { RecordedEvent } from '../store/event-store.types';

/**
 * What leaves the service for one stored event: the event name (a NATS subject token, e.g.
 * 'AccountRegistered'), the public payload, and the contract version (default 1).
 */
export type IntegrationEvent = { type: string; data: unknown; version?: number };

/** Maps a stored event to its integration event; null = not published (private to the service). */
export type IntegrationEventMapper = (event: RecordedEvent) => IntegrationEvent | null;

const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * CloudEvents 1.0 for a stored event: id = event id, type `<context>.<EventName>.v<version>`,
 * subject = stream id, time = recordedAt, JSON data, and the correlationid / causationid
 * extensions when the metadata has them. Validated; throws if invalid.
 */
export function toCloudEvent(
  event: RecordedEvent,
  integration: IntegrationEvent,
  options: { context: string; source: string },
): CloudEvent<unknown> {
  if (!EVENT_NAME.test(integration.type)) {
    throw new Error(`Event type '${integration.type}' cannot be a NATS subject token (letters, digits, '_', '-')`);
  }
  const extensions: Record<string, string> = {};
  const { correlationId, causationId } = event.metadata;
  if (typeof correlationId === 'string' && correlationId) extensions.correlationid = correlationId;
  if (typeof causationId === 'string' && causationId) extensions.causationid = causationId;
  const ce = new CloudEvent<unknown>({
    specversion: '1.0',
    id: event.id,
    source: options.source,
    type: `${options.context}.${integration.type}.v${integration.version ?? 1}`,
    subject: event.streamId,
    time: event.recordedAt.toISOString(),
    datacontenttype: 'application/json',
    data: integration.data ?? null,
    ...extensions,
  });
  ce.validate();
  return ce;
}

/**
 * The JSON text of `toCloudEvent(event, integration, options).toString()`, character for
 * character, without building and schema-validating a CloudEvent object (the relay's per-event
 * cost): the attributes it sets are checked here instead. Binary data falls back to toCloudEvent.
 */
export function cloudEventJson(event: RecordedEvent, integration: IntegrationEvent, options: { context: string; source: string }): string {
  const data = integration.data ?? null;
  if (data instanceof Uint8Array) return toCloudEvent(event, integration, options).toString();
  if (!EVENT_NAME.test(integration.type)) {
    throw new Error(`Event type '${integration.type}' cannot be a NATS subject token (letters, digits, '_', '-')`);
  }
  if (!event.id || !options.source || !event.streamId || Number.isNaN(event.recordedAt.getTime())) {
    return toCloudEvent(event, integration, options).toString(); // throws its validation error
  }
  const { correlationId, causationId } = event.metadata;
  let text =
    `{"id":${JSON.stringify(event.id)},"time":${JSON.stringify(event.recordedAt.toISOString())},` +
    `"type":${JSON.stringify(`${options.context}.${integration.type}.v${integration.version ?? 1}`)},"source":${JSON.stringify(options.source)},` +
    `"specversion":"1.0","datacontenttype":"application/json","subject":${JSON.stringify(event.streamId)},"data":${JSON.stringify(data)}`;
  if (typeof correlationId === 'string' && correlationId) text += `,"correlationid":${JSON.stringify(correlationId)}`;
  if (typeof causationId === 'string' && causationId) text += `,"causationid":${JSON.stringify(causationId)}`;
  return `${text}}`;
}
