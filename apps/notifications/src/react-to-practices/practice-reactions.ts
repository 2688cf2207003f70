import { z } from 'zod';
import { practices } from '@app/contracts';
import type { NotificationsCommand } from '../domain/notifications.aggregate';
import type { NotificationContent } from '../domain/notification-texts';
import { uuidFromName } from '../domain/notification-id';
import { parseIntegrationEvent } from '@app/nest-kit';

/**
 * The practices' integration events that become notifications for the user concerned
 * (category Practice): added to a practice, access type changed, removed from a practice.
 * Read off JetStream as CloudEvents 1.0 JSON on `<prefix.>events.practices.<Name>` (contracts:
 * libs/contracts/src/practices/practices.v1.ts); other names are skipped, malformed ones refused.
 */
export type PracticeFact =
  | { name: 'PracticeUserAdded'; userId: string; practiceName: string; accessType: string; at: string }
  | { name: 'PracticeUserAccessTypeChanged'; userId: string; practiceName: string; from: string; to: string; at: string }
  | { name: 'PracticeUserRemoved'; userId: string; practiceName: string; at: string };

export type ParsedPracticeMessage =
  | { kind: 'fact'; eventId: string; time?: string; correlationId?: string; fact: PracticeFact }
  | { kind: 'skip'; eventId?: string; reason: string }
  | { kind: 'malformed'; eventId?: string; reason: string };

const userId = z.uuid();
const name = z.string().min(1).max(200);
const accessType = z.string().min(1).max(40);
const time = z.string().max(64);

const contracts: Record<PracticeFact['name'], z.ZodType<PracticeFact>> = {
  [practices.PRACTICE_USER_ADDED_V1]: z
    .looseObject({ userId, practiceName: name, accessType, addedAt: time })
    .transform((d): PracticeFact => ({ name: 'PracticeUserAdded', userId: d.userId, practiceName: d.practiceName, accessType: d.accessType, at: d.addedAt })),
  [practices.PRACTICE_USER_ACCESS_TYPE_CHANGED_V1]: z
    .looseObject({ userId, practiceName: name, from: accessType, to: accessType, changedAt: time })
    .transform((d): PracticeFact => ({ name: 'PracticeUserAccessTypeChanged', userId: d.userId, practiceName: d.practiceName, from: d.from, to: d.to, at: d.changedAt })),
  [practices.PRACTICE_USER_REMOVED_V1]: z
    .looseObject({ userId, practiceName: name, removedAt: time })
    .transform((d): PracticeFact => ({ name: 'PracticeUserRemoved', userId: d.userId, practiceName: d.practiceName, at: d.removedAt })),
};

export function parsePracticeMessage(subject: string, payload: Uint8Array): ParsedPracticeMessage {
  const parsed = parseIntegrationEvent('practices', subject, payload, contracts);
  return parsed.kind === 'event' ? { kind: 'fact', eventId: parsed.eventId, time: parsed.time, correlationId: parsed.correlationId, fact: parsed.data } : parsed;
}

const oneLine = (s: string, max: number) => s.replace(/\s+/g, ' ').trim().slice(0, max);

/** What the notification says. */
export function practiceNotification(fact: PracticeFact): NotificationContent {
  const practice = oneLine(fact.practiceName, 120);
  const base = { category: 'Practice' as const, icon: 'BankOutlined' as const };
  switch (fact.name) {
    case 'PracticeUserAdded':
      return { ...base, kind: 'practice-added', alertLevel: 'Info', heading: 'You were added to a practice', body: `You were added to ${practice} as ${oneLine(fact.accessType, 40)}.` };
    case 'PracticeUserAccessTypeChanged':
      return {
        ...base,
        kind: 'practice-access-changed',
        alertLevel: 'Info',
        heading: 'Your practice access type changed',
        body: `Your access type in ${practice} is now ${oneLine(fact.to, 40)} (was ${oneLine(fact.from, 40)}).`,
      };
    case 'PracticeUserRemoved':
      return { ...base, kind: 'practice-removed', alertLevel: 'Warning', heading: 'You were removed from a practice', body: `You were removed from ${practice}.` };
  }
}

/** The command on the user's notifications; the notification id comes from the event id (a redelivery decides the same). */
export function reactToPractice(fact: PracticeFact, source: { eventId: string; time?: string }): { accountId: string; command: NotificationsCommand } {
  const at = [fact.at, source.time].find((t) => t && !Number.isNaN(Date.parse(t)));
  return {
    accountId: fact.userId,
    command: {
      type: 'RaiseNotification',
      data: {
        accountId: fact.userId,
        notificationId: uuidFromName(source.eventId),
        sourceEventId: source.eventId,
        createdAt: at ? new Date(at).toISOString() : new Date().toISOString(),
        content: practiceNotification(fact),
      },
    },
  };
}
