import type { credentialing } from '@app/contracts';
import { quorumMet, type MeetingState } from '../domain/committee-meeting';
import type { Cycle } from '../domain/credentialing-file.decider';
import { credentialLabel } from '../domain/open-items';

/** The one-page summary of a file for the committee: its credentials, verifications and attestation. */
export function fileSummary(c: Cycle | null): credentialing.AgendaItemView['summary'] {
  if (!c) return { status: 'Not Started', credentials: [], verifications: [], attestation: null };
  const credentials = c.credentials.map((x) => {
    const k = x.credential;
    const status = 'status' in k ? ` · ${k.status}` : '';
    const expiry = 'expiresOn' in k && k.expiresOn ? ` · expires ${k.expiresOn}` : '';
    return `${credentialLabel(k)}${status}${expiry}`;
  });
  const verifications = c.verifications.map((v) => {
    const what = v.credentialId ? c.credentials.find((x) => x.credentialId === v.credentialId) : undefined;
    return `${v.source}${what ? ` (${credentialLabel(what.credential)})` : ''}: ${v.result} on ${v.verifiedOn}`;
  });
  const attestation = c.attestation ? `Signed ${c.attestation.signedOn} by ${c.attestation.signature}${c.attestation.explanation ? `; explanation: ${c.attestation.explanation}` : ''}` : null;
  return { status: c.status, credentials, verifications, attestation };
}

export type AgendaFile = { provider: string | null; npi: string | null; cycle: Cycle | null };

/** The meeting as the API shows it: people named, the agenda with each file's flags, summary and outcome. */
export function toMeetingView(m: NonNullable<MeetingState>, files: Map<string, AgendaFile>, names: Record<string, string>): credentialing.MeetingView {
  return {
    meetingId: m.meetingId,
    meetsOn: m.meetsOn,
    quorum: m.quorum,
    present: m.present.map((userId) => ({ userId, name: names[userId] ?? 'Former user' })),
    quorumMet: quorumMet(m),
    agenda: m.agenda.map((a) => {
      const f = files.get(a.providerId);
      const o = m.outcomes.find((x) => x.providerId === a.providerId && x.cycleId === a.cycleId);
      const cycle = f?.cycle && f.cycle.cycleId === a.cycleId ? f.cycle : null;
      return {
        providerId: a.providerId,
        cycleId: a.cycleId,
        provider: f?.provider ?? null,
        npi: f?.npi ?? null,
        flags: a.flags,
        summary: fileSummary(cycle),
        outcome: o
          ? {
              outcome: o.outcome,
              meetingId: m.meetingId,
              conditions: o.conditions,
              followUpOn: o.followUpOn,
              reasons: o.reasons,
              note: o.note,
              questions: o.questions,
              at: o.at,
              by: o.by,
              byName: names[o.by] ?? 'Former user',
            }
          : null,
      };
    }),
    minutes: m.minutes.map((x) => ({ minutesId: x.minutesId, generatedAt: x.at, generatedBy: names[x.by] ?? 'Former user' })),
    createdAt: m.createdAt,
    createdBy: names[m.createdBy] ?? 'Former user',
  };
}

/** Every user id a meeting names. */
export function meetingPeople(m: NonNullable<MeetingState>): string[] {
  return [...new Set([m.createdBy, ...m.present, ...m.outcomes.map((o) => o.by), ...m.minutes.map((x) => x.by)])];
}
