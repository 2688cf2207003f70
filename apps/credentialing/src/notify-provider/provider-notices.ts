import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import { credentialing } from '@app/contracts';
import { NotFound } from '@app/errors';
import type { EventStore } from '@app/event-store';
import { EVENT_STORE, PG_POOL } from '@app/nest-kit';
import type { FileState } from '../domain/credentialing-file.decider';
import { appealDeadline, type StoredLetter } from '../domain/notice';
import { FileAccess } from '../infrastructure/file-access';
import { CredentialingWriter } from '../infrastructure/credentialing.writer';
import { MonitoringAlerts, alertStreamId, uuidFor } from '../monitoring-alerts/monitoring-alerts';
import { renderDecisionLetter } from './decision-letter';

export const NOTICE_EVENT = credentialing.CREDENTIALING_NOTICE_RAISED_V1;

/** Who a notice tells: the provider, their staff (the master admins and their practices' credentialing staff), or both. */
const AUDIENCE: Record<credentialing.CredentialingNoticeKind, { provider: boolean; staff: boolean }> = {
  'decision-approved': { provider: true, staff: true },
  'decision-denied': { provider: true, staff: true },
  'appeal-approved': { provider: true, staff: true },
  'appeal-upheld': { provider: true, staff: true },
  'appeal-requested': { provider: false, staff: true },
  'correction-requested': { provider: false, staff: true },
  'correction-answered': { provider: true, staff: false },
  'committee-deferred': { provider: false, staff: true },
  'conditions-follow-up': { provider: true, staff: true },
};

export const letterFileName = (l: Pick<StoredLetter, 'decidedOn' | 'appeal'>) => `${l.appeal ? 'appeal-decision' : 'decision'}-letter-${l.decidedOn}.pdf`;

/**
 * The provider is told: each decision's letter (PDF) stored in the file, and the notices of the
 * file (`CredentialingNoticeRaised` in the provider's alert stream, published like the monitoring
 * alerts: the notifications service tells each recipient; identity emails the provider on
 * `CredentialingDecided`). Notice ids come from what they are about: raising twice stores one.
 */
@Injectable()
export class ProviderNotices {
  private readonly logger = new Logger('ProviderNotices');
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly alerts: MonitoringAlerts,
    private readonly access: FileAccess,
    private readonly writer: CredentialingWriter,
  ) {}

  /** After a decision (on the file or on its appeal): its letter stored, the provider and staff told. */
  async decided(providerId: string, letterId: string, by: string): Promise<void> {
    // The decision is durable already: a failure here is logged, the letter is written when first read.
    await this.afterCommit(`the notice of decision ${letterId}`, async () => {
      const state = await this.writer.load(providerId);
      const letter = state.letters?.find((l) => l.letterId === letterId);
      if (!letter) return;
      await this.storedLetter(providerId, state, letterId);
      const kind: credentialing.CredentialingNoticeKind = letter.appeal
        ? letter.decision === 'Approved'
          ? 'appeal-approved'
          : 'appeal-upheld'
        : letter.decision === 'Approved'
          ? 'decision-approved'
          : 'decision-denied';
      await this.append(providerId, kind, `decision:${letterId}`, kind === 'decision-denied' ? appealDeadline(letter.decidedOn) : letter.decidedOn, by);
    });
  }

  private async afterCommit(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (e) {
      this.logger.error(`${what} failed after its events were stored: ${(e as Error).message}`);
    }
  }

  /** Raises a notice of the provider's file, after the change it tells of was stored (the key makes it once; a failure is logged). */
  async raise(providerId: string, kind: credentialing.CredentialingNoticeKind, key: string, onDate: string | null, by: string): Promise<void> {
    await this.afterCommit(`the notice ${kind} (${key})`, () => this.append(providerId, kind, key, onDate, by));
  }

  private async append(providerId: string, kind: credentialing.CredentialingNoticeKind, key: string, onDate: string | null, by: string): Promise<void> {
    const who = (await this.alerts.recipients([providerId])).get(providerId) ?? { name: null, staff: [] };
    const audience = AUDIENCE[kind];
    const recipients = [...new Set([...(audience.provider ? [providerId] : []), ...(audience.staff ? who.staff.filter((id) => id !== providerId) : [])])];
    if (!recipients.length) return;
    const noticeId = uuidFor(`notice:${key}`);
    const data: credentialing.CredentialingNoticeRaisedV1 = { noticeId, providerId, providerName: who.name, kind, recipients, onDate, raisedAt: new Date().toISOString() };
    await this.store.append(alertStreamId(providerId), [{ id: noticeId, type: NOTICE_EVENT, data, metadata: { actorId: by } }]);
  }

  /** A letter's PDF for a caller who may see the file (404 when the file has no such letter). */
  async letter(providerId: string, letterId: string): Promise<credentialing.LetterReply> {
    const state = await this.writer.load(providerId);
    const { fileName, pdf } = await this.storedLetter(providerId, state, letterId);
    return { fileName, contentBase64: pdf.toString('base64') };
  }

  /** The stored letter; written now if the decision's own write did not get to it (written once). */
  private async storedLetter(providerId: string, state: FileState, letterId: string): Promise<{ fileName: string; pdf: Buffer }> {
    const found = await this.pool.query<{ file_name: string; pdf: Buffer }>(`SELECT file_name, pdf FROM credentialing_letters WHERE letter_id = $1 AND provider_id = $2`, [letterId, providerId]);
    if (found.rows[0]) return { fileName: found.rows[0].file_name, pdf: found.rows[0].pdf };
    const letter = state.letters?.find((l) => l.letterId === letterId);
    if (!letter) throw new NotFound('No such decision letter in this file');
    const profile = await this.access.provider(providerId);
    const pdf = await renderDecisionLetter({
      providerName: profile?.firstName || profile?.lastName ? [profile.firstName, profile.lastName].filter(Boolean).join(' ') : (profile?.name ?? null),
      npi: profile?.npi ?? null,
      decision: letter.decision,
      decidedOn: letter.decidedOn,
      appeal: letter.appeal,
      recredentialingDueOn: letter.recredentialingDueOn,
      reasons: letter.reasons,
      explanation: letter.explanation,
      conditions: letter.conditions ?? null,
    });
    const fileName = letterFileName(letter);
    await this.pool.query(
      `INSERT INTO credentialing_letters (letter_id, provider_id, cycle_id, file_name, pdf) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (letter_id) DO NOTHING`,
      [letterId, providerId, letter.cycleId, fileName, pdf],
    );
    const stored = await this.pool.query<{ file_name: string; pdf: Buffer }>(`SELECT file_name, pdf FROM credentialing_letters WHERE letter_id = $1`, [letterId]);
    return { fileName: stored.rows[0].file_name, pdf: stored.rows[0].pdf };
  }
}
