import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { assertAllowed } from '../domain/credentialing-file.decider';
import { FileNotFound } from '../domain/credentialing.errors';
import { decideClearance } from '../domain/exclusion-clearance';
import { fileExclusion } from '../domain/exclusion-match';
import { CredentialingWriter } from '../infrastructure/credentialing.writer';
import { ExclusionScreeningService, describeRow } from '../infrastructure/exclusion-screening.service';
import { FileAccess } from '../infrastructure/file-access';
import { MONITORING_CLOCK, type Clock } from '../monitoring-alerts/clock';
import { ExclusionMatches } from '../resolve-match/exclusion-matches';

import { DecideClearanceCommand } from './decide-clearance.command';
import { matchOf } from './clearance-match';

/**
 * A second person decides a pending clearance: another master admin or the credentialing staff
 * of the provider's practices, never the one who asked (409). A confirmation clears the match
 * (`Cleared with evidence`, which later screenings keep), records a manual OIG LEIE verification
 * with the clearance's evidence and the file's new finding; a rejection leaves it standing.
 */
@CommandHandler(DecideClearanceCommand)
export class DecideClearanceHandler implements ICommandHandler<DecideClearanceCommand, credentialing.ExclusionMatchesReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: FileAccess,
    private readonly writer: CredentialingWriter,
    private readonly matches: ExclusionMatches,
    private readonly screening: ExclusionScreeningService,
    @Inject(MONITORING_CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ input }: DecideClearanceCommand): Promise<credentialing.ExclusionMatchesReply> {
    const { providerId, matchId, decision } = input;
    const note = input.note?.trim() || null;
    const actor = await this.access.fileActor(providerId);
    assertAllowed(actor.role, 'DecideExclusionClearance');
    const match = await matchOf(this.matches, providerId, matchId);
    const state = await this.writer.load(providerId);
    if (!state.current) throw new FileNotFound();
    // The same rules the decider applies, first: nothing is written when they refuse.
    const pending = decideClearance(state.clearances, { match, decision, note, by: actor.userId });
    const now = this.clock();
    const all = await this.matches.of(providerId);
    const exclusion = fileExclusion(all.map((m) => (m.matchId === matchId && decision === 'Confirm' ? { ...m, status: 'Cleared with evidence' as const } : m)));
    await this.writer.execute({
      type: 'DecideExclusionClearance',
      data: { providerId, actor, now, match, decision, note, verificationId: randomUUID(), exclusion, row: describeRow(match.row) },
    });
    const decided = { status: decision === 'Confirm' ? 'Confirmed' : 'Rejected', decidedBy: actor.userId, decidedAt: now.toISOString(), decisionNote: note };
    if (decision === 'Confirm') {
      await this.pool.query(
        `UPDATE exclusion_matches SET status = 'Cleared with evidence', resolved_at = $3, resolved_by = $4, note = $5, evidence = $6::jsonb, clearance = clearance || $7::jsonb
          WHERE provider_id = $1 AND row_key = $2`,
        [providerId, matchId, now, actor.userId, `${pending.reason}: ${pending.note}`.slice(0, 1000), JSON.stringify(pending.evidence), JSON.stringify(decided)],
      );
      await this.screening.noteResolved(providerId, now, 'Cleared with evidence');
    } else {
      await this.pool.query(`UPDATE exclusion_matches SET clearance = clearance || $3::jsonb WHERE provider_id = $1 AND row_key = $2`, [providerId, matchId, JSON.stringify(decided)]);
    }
    return { matches: await this.matches.of(providerId) };
  }
}
