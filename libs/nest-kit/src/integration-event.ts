import { z } from 'zod';

/**
 * An integration event read off JetStream: a CloudEvents 1.0 JSON envelope on
 * `<prefix.>events.<context>.<Name>` whose `type` is `<context>.<Name>.v<N>` and whose `data`
 * follows the versioned contract in libs/contracts. Names the reader has no contract for, and
 * versions other than v1, are skipped; anything malformed is refused with a reason.
 */
export type ParsedIntegrationEvent<T> =
  | { kind: 'event'; eventId: string; name: string; time?: string; correlationId?: string; data: T }
  | { kind: 'skip'; eventId?: string; reason: string }
  | { kind: 'malformed'; eventId?: string; reason: string };

const envelope = z.object({
  specversion: z.literal('1.0'),
  id: z.string().min(1).max(200),
  type: z.string().min(1),
  source: z.string().min(1).optional(),
  time: z.string().optional(),
  correlationid: z.string().optional(),
  data: z.unknown(),
});

/** Reads one event of `context` against the reader's v1 contracts (event name → schema of its data). */
export function parseIntegrationEvent<T>(
  context: string,
  subject: string,
  payload: Uint8Array,
  contracts: Readonly<Record<string, z.ZodType<T>>>,
): ParsedIntegrationEvent<T> {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload).toString('utf8'));
  } catch {
    return { kind: 'malformed', reason: 'not JSON' };
  }
  const ce = envelope.safeParse(json);
  if (!ce.success) {
    const id = (json as { id?: unknown } | null)?.id;
    return { kind: 'malformed', eventId: typeof id === 'string' ? id : undefined, reason: `not a CloudEvent: ${ce.error.issues[0]?.message}` };
  }
  const eventId = ce.data.id;
  const name = subject.slice(subject.lastIndexOf('.') + 1);
  const type = /^([A-Za-z][A-Za-z0-9_-]*)\.([A-Za-z][A-Za-z0-9_-]*)\.v(\d+)$/.exec(ce.data.type);
  if (!type || type[1] !== context || type[2] !== name) return { kind: 'malformed', eventId, reason: `type '${ce.data.type}' does not match subject ${subject}` };
  if (!Object.hasOwn(contracts, name)) return { kind: 'skip', eventId, reason: `no reaction to ${name}` };
  if (type[3] !== '1') return { kind: 'skip', eventId, reason: `unknown version v${type[3]} of ${name}` };
  const data = contracts[name].safeParse(ce.data.data);
  if (!data.success) {
    const issue = data.error.issues[0];
    return { kind: 'malformed', eventId, reason: `${name} data: ${issue?.path.join('.') || '(root)'} ${issue?.message}` };
  }
  return { kind: 'event', eventId, name, time: ce.data.time, correlationId: ce.data.correlationid, data: data.data };
}
