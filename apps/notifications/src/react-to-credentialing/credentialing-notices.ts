import { z } from 'zod';
import { credentialing } from '@app/contracts';
import { parseIntegrationEvent } from '@app/nest-kit';
import type { NotificationContent } from '../domain/notification-texts';
import type { NotificationsCommand } from '../domain/notifications.aggregate';
import { uuidFromName } from '../domain/notification-id';

/**
 * The notices of a provider's credentialing file (`events.credentialing.CredentialingNoticeRaised`):
 * a decision (its letter is in the file), an appeal requested or decided, a correction requested
 * or answered, become one notification per recipient (category Credentialing).
 */
export type CredentialingNotice = credentialing.CredentialingNoticeRaisedV1;
export type ParsedNoticeMessage = { kind: 'notice'; eventId: string; time?: string; correlationId?: string; notice: CredentialingNotice };

export const isNoticeSubject = (subject: string) => subject.endsWith(`.${credentialing.CREDENTIALING_NOTICE_RAISED_V1}`);

const contracts: Record<string, z.ZodType<CredentialingNotice>> = {
  [credentialing.CREDENTIALING_NOTICE_RAISED_V1]: z.looseObject({
    noticeId: z.uuid(),
    providerId: z.uuid(),
    providerName: z.string().max(200).nullable(),
    kind: z.enum(credentialing.CREDENTIALING_NOTICE_KINDS),
    recipients: z.array(z.uuid()).min(1).max(10_000),
    onDate: z.iso.date().nullable(),
    raisedAt: z.string().max(64),
  }) as unknown as z.ZodType<CredentialingNotice>,
};

export function parseNoticeMessage(subject: string, payload: Uint8Array): ParsedNoticeMessage | { kind: 'skip' | 'malformed'; eventId?: string; reason: string } {
  const parsed = parseIntegrationEvent('credentialing', subject, payload, contracts);
  return parsed.kind === 'event' ? { kind: 'notice', eventId: parsed.eventId, time: parsed.time, correlationId: parsed.correlationId, notice: parsed.data } : parsed;
}

const mdy = (d: string | null) => (d ? `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}` : '');

/** What the notification says (the provider reads "your"; staff the provider's name). Never the reasons or notes: the file has them. */
export function noticeNotification(n: CredentialingNotice, forProvider: boolean): NotificationContent {
  const name = (n.providerName ?? 'A provider').replace(/\s+/g, ' ').trim().slice(0, 80);
  const whose = forProvider ? 'Your' : `${name}'s`;
  const base = { kind: 'credentialing-notice' as const, category: 'Credentialing' as const, icon: 'SafetyCertificateOutlined' as const };
  const letter = forProvider ? ' Read the decision letter in your credentialing file.' : ' The decision letter is in the file.';
  switch (n.kind) {
    case 'decision-approved':
      return { ...base, alertLevel: 'Info', heading: 'Credentialing approved', body: `${whose} credentialing was approved on ${mdy(n.onDate)}.${letter}` };
    case 'decision-denied':
      return {
        ...base,
        alertLevel: 'Warning',
        heading: 'Credentialing denied',
        body: `${whose} credentialing was denied.${letter}${n.onDate ? ` ${forProvider ? 'You may' : 'The provider may'} appeal until ${mdy(n.onDate)}.` : ''}`,
      };
    case 'appeal-approved':
      return { ...base, alertLevel: 'Info', heading: 'Appeal decided: approved', body: `${whose} appeal was decided on ${mdy(n.onDate)}: credentialing approved.${letter}` };
    case 'appeal-upheld':
      return { ...base, alertLevel: 'Warning', heading: 'Appeal decided: denial upheld', body: `${whose} appeal was decided on ${mdy(n.onDate)}: the denial is upheld.${letter}` };
    case 'appeal-requested':
      return { ...base, alertLevel: 'Warning', heading: 'Credentialing appeal requested', body: `${name} appealed the denial of their credentialing. The file is back before the committee.` };
    case 'correction-requested':
      return { ...base, alertLevel: 'Info', heading: 'Correction requested', body: `${name} asked for a correction of their credentialing file. Answer it in the file.` };
    case 'correction-answered':
      return { ...base, alertLevel: 'Info', heading: 'Correction request answered', body: 'Your correction request was answered. Read the answer in your credentialing file.' };
    case 'committee-deferred':
      return { ...base, alertLevel: 'Warning', heading: 'Committee deferred the file', body: `The credentialing committee deferred ${name}'s file with questions for staff. Read them in the file and submit it again.` };
    case 'conditions-follow-up':
      return {
        ...base,
        alertLevel: 'Warning',
        heading: 'Approval conditions: follow-up due',
        body: `${whose} approval's conditions are followed up on ${mdy(n.onDate)}. ${forProvider ? 'Read them in your decision letter.' : 'Read them in the file.'}`,
      };
  }
}

/** One command per recipient; each notification id comes from the notice and the recipient (a redelivery decides the same). */
export function reactToNotice(notice: CredentialingNotice, source: { eventId: string }): { accountId: string; sourceId: string; command: NotificationsCommand }[] {
  const at = Number.isNaN(Date.parse(notice.raisedAt)) ? new Date().toISOString() : new Date(notice.raisedAt).toISOString();
  return [...new Set(notice.recipients)].map((accountId) => {
    const sourceId = `${source.eventId}:${accountId}`;
    return {
      accountId,
      sourceId,
      command: {
        type: 'RaiseNotification',
        data: { accountId, notificationId: uuidFromName(sourceId), sourceEventId: source.eventId, createdAt: at, content: noticeNotification(notice, accountId === notice.providerId) },
      },
    };
  });
}
