import type { credentialing } from '@app/contracts';

/** The events of the file that are its content, shown elsewhere in the packet (credentials, verifications, attestation, history). */
const CONTENT_EVENTS = new Set([
  'FileStarted',
  'FileStatusChanged',
  'ApplicationDeclared',
  'CredentialAdded',
  'CredentialUpdated',
  'CredentialRemoved',
  'VerificationRecorded',
  'AttestationSigned',
  'ExclusionScreened',
  'NppesDiscrepancyResolved',
  'CorrectionRequested',
  'CorrectionAnswered',
]);

/** Ids the packet does not print as fields (the file's own). */
const HIDDEN_FIELDS = new Set(['providerId', 'cycleId', 'at', 'by']);

type StoredEvent = { type: string; data: unknown };

/**
 * The decision-like events of a cycle, oldest first: the decision, the appeal and whatever other
 * kind of event the cycle holds (a committee's meeting, its conditions), each with every field it
 * carries, so the packet prints an outcome as soon as the file records one.
 */
export function packetEvents(events: readonly StoredEvent[], cycleId: string): credentialing.PacketEvent[] {
  const out: credentialing.PacketEvent[] = [];
  for (const e of events) {
    if (CONTENT_EVENTS.has(e.type) || !e.data || typeof e.data !== 'object') continue;
    const data = e.data as Record<string, unknown>;
    if (data.cycleId !== undefined && data.cycleId !== cycleId) continue;
    const fields = Object.fromEntries(Object.entries(data).filter(([k, v]) => !HIDDEN_FIELDS.has(k) && v !== undefined));
    out.push({ type: e.type, at: typeof data.at === 'string' ? data.at : null, by: typeof data.by === 'string' ? data.by : null, fields });
  }
  return out;
}

/** The user ids the events name (`by`, and fields ending in `By`), for the packet's names. */
export function peopleOfEvents(events: readonly credentialing.PacketEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) {
    if (e.by) ids.add(e.by);
    for (const [k, v] of Object.entries(e.fields)) if (/By$/.test(k) && typeof v === 'string') ids.add(v);
  }
  return [...ids];
}
