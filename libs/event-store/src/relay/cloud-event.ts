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
