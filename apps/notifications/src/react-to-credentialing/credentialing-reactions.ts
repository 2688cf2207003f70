import { z } from 'zod';
import { credentialing } from '@app/contracts';
import { parseIntegrationEvent } from '@app/nest-kit';
import type { NotificationContent } from '../domain/notification-texts';
import type { NotificationsCommand } from '../domain/notifications.aggregate';
import { uuidFromName } from '../domain/notification-id';

/**
 * Credentialing's monitoring alerts (`events.credentialing.MonitoringAlertRaised`)
 * become one notification per recipient (category Credentialing), which opens the provider's
 * file: an exclusion found, a credential or recredentialing date coming due, an NPI deactivated.
 * A resolved exclusion match (`ExclusionMatchResolved`) marks its Danger alerts done. Other
 * credentialing events are skipped, malformed ones refused.
 */
export type MonitoringAlert = credentialing.MonitoringAlertRaisedV1;
export type MatchResolved = credentialing.ExclusionMatchResolvedV1;
type Message = { kind: 'alert'; alert: MonitoringAlert } | { kind: 'resolved'; resolved: MatchResolved };
type Meta = { eventId: string; time?: string; correlationId?: string };
export type ParsedCredentialingMessage =
  | (Meta & { kind: 'alert'; alert: MonitoringAlert })
  | (Meta & { kind: 'resolved'; resolved: MatchResolved })
  | { kind: 'skip'; eventId?: string; reason: string }
  | { kind: 'malformed'; eventId?: string; reason: string };

const day = z.iso.date().nullable();
const matchId = z.string().regex(/^[0-9a-f]{32}$/);
const contracts: Record<string, z.ZodType<Message>> = {
  [credentialing.EXCLUSION_MATCH_RESOLVED_V1]: z
    .looseObject({
      providerId: z.uuid(),
      cycleId: z.uuid(),
      matchId,
      kind: z.enum(['Excluded', 'Possible match']),
      status: z.enum(['Confirmed', 'Not the same person', 'Cleared with evidence']),
      exclusion: z.enum(['Excluded', 'Possible match', 'Confirmed']).nullable(),
      resolvedAt: z.string().max(64),
      resolvedBy: z.string().max(64),
    })
    .transform((resolved): Message => ({ kind: 'resolved', resolved: resolved as MatchResolved })) as unknown as z.ZodType<Message>,
  [credentialing.MONITORING_ALERT_RAISED_V1]: z.looseObject({
    alertId: z.uuid(),
    providerId: z.uuid(),
    providerName: z.string().max(200).nullable(),
    kind: z.enum(credentialing.MONITORING_ALERT_KINDS),
    alertLevel: z.enum(['Info', 'Warning', 'Danger']),
    recipients: z.array(z.uuid()).min(1).max(10_000),
    credentialKind: z.enum(credentialing.CREDENTIAL_KINDS).nullable(),
    dueOn: day,
    daysLeft: z.number().int().nullable(),
    raisedAt: z.string().max(64),
    matchId: matchId.nullable().optional(),
  }).transform((alert): Message => ({ kind: 'alert', alert: alert as MonitoringAlert })) as unknown as z.ZodType<Message>,
};

export function parseCredentialingMessage(subject: string, payload: Uint8Array): ParsedCredentialingMessage {
  const parsed = parseIntegrationEvent('credentialing', subject, payload, contracts);
  if (parsed.kind !== 'event') return parsed;
  const meta = { eventId: parsed.eventId, time: parsed.time, correlationId: parsed.correlationId };
  return parsed.data.kind === 'alert' ? { ...meta, kind: 'alert', alert: parsed.data.alert } : { ...meta, kind: 'resolved', resolved: parsed.data.resolved };
}

const KIND_LABEL: Record<credentialing.CredentialKind, string> = {
  stateLicense: 'state licence',
  dea: 'DEA registration',
  boardCertification: 'board certification',
  malpractice: 'malpractice insurance',
  education: 'education record',
  workHistory: 'work history entry',
};

const mdy = (d: string | null) => (d ? `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}` : '');

/** What the notification says (for staff: the provider's name; for the provider: 'your'). */
export function monitoringNotification(a: MonitoringAlert, forProvider: boolean): NotificationContent {
  const whose = forProvider ? 'Your' : `${(a.providerName ?? 'A provider').replace(/\s+/g, ' ').trim().slice(0, 80)}'s`;
  const base = { kind: 'credentialing-monitoring' as const, category: 'Credentialing' as const, icon: 'SafetyCertificateOutlined' as const, alertLevel: a.alertLevel };
  const cred = a.credentialKind ? KIND_LABEL[a.credentialKind] : 'credential';
  const days = a.daysLeft ?? 0;
  switch (a.kind) {
    case 'exclusion-excluded':
      return { ...base, heading: 'Provider on the OIG exclusion list', body: `${whose} NPI is on the OIG exclusion list (LEIE). Review the credentialing file now.` };
    case 'exclusion-possible-match':
      return { ...base, heading: 'Possible OIG exclusion match', body: `${whose} name and state match an OIG exclusion (LEIE). Resolve the possible match in the credentialing file.` };
    case 'credential-expired':
      return { ...base, heading: `A ${cred} has expired`, body: `${whose} ${cred} expired on ${mdy(a.dueOn)}.` };
    case 'credential-expiring':
      return { ...base, heading: `A ${cred} expires in ${days} days`, body: `${whose} ${cred} expires on ${mdy(a.dueOn)} (in ${days} days).` };
    case 'recredentialing-due':
      return { ...base, heading: `Recredentialing due in ${days} days`, body: `${whose} recredentialing is due on ${mdy(a.dueOn)} (in ${days} days).` };
    case 'attestation-due':
      return { ...base, heading: `Attestation due in ${days} days`, body: `${whose} credentialing attestation is due on ${mdy(a.dueOn)} (in ${days} days). Re-attest in the credentialing file.` };
    case 'items-missing':
      return { ...base, heading: 'Credentialing file: items missing', body: `${whose} credentialing file has missing items. Complete them in the credentialing file.` };
    case 'licence-discrepancy':
      return { ...base, heading: 'State licence discrepancy', body: `${whose} state licence differs from the state board's roster (status, expiry or discipline). Review the credentialing file.` };
    case 'npi-deactivated':
      return { ...base, heading: 'NPI deactivated', body: `${whose} NPI was deactivated in the national registry (NPPES)${a.dueOn ? ` on ${mdy(a.dueOn)}` : ''}.` };
  }
}

/** One command per recipient; each notification id comes from the alert and the recipient (a redelivery decides the same). */
export function reactToAlert(alert: MonitoringAlert, source: { eventId: string }): { accountId: string; sourceId: string; command: NotificationsCommand }[] {
  const at = Number.isNaN(Date.parse(alert.raisedAt)) ? new Date().toISOString() : new Date(alert.raisedAt).toISOString();
  return [...new Set(alert.recipients)].map((accountId) => {
    const sourceId = `${source.eventId}:${accountId}`;
    return {
      accountId,
      sourceId,
      command: {
        type: 'RaiseNotification',
        data: {
          accountId,
          notificationId: uuidFromName(sourceId),
          sourceEventId: source.eventId,
          createdAt: at,
          content: monitoringNotification(alert, accountId === alert.providerId),
          providerId: alert.providerId,
          ...(alert.kind.startsWith('exclusion-') && alert.matchId ? { exclusionMatchId: alert.matchId } : {}),
        },
      },
    };
  });
}

/** A resolved match: each account that was alerted about the provider's exclusions gets its alerts marked done. */
export function reactToResolution(resolved: MatchResolved, accounts: readonly string[], source: { eventId: string; time?: string }): { accountId: string; sourceId: string; command: NotificationsCommand }[] {
  const at = new Date(Date.parse(resolved.resolvedAt) || Date.parse(source.time ?? '') || Date.now());
  return [...new Set(accounts)].map((accountId) => ({
    accountId,
    sourceId: `${source.eventId}:${accountId}`,
    command: { type: 'MarkExclusionAlertsDone', data: { accountId, providerId: resolved.providerId, matchId: resolved.matchId, standing: resolved.exclusion, now: at } },
  }));
}
