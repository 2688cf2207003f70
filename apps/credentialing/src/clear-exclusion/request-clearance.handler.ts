import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { PG_POOL } from '@app/nest-kit';
import { assertAllowed } from '../domain/credentialing-file.decider';
import { CredentialingWriter } from '../infrastructure/credentialing.writer';
import { FileAccess } from '../infrastructure/file-access';
import { MONITORING_CLOCK, type Clock } from '../monitoring-alerts/clock';
import { ExclusionMatches } from '../resolve-match/exclusion-matches';

import { RequestClearanceCommand } from './request-clearance.command';
import { matchOf } from './clearance-match';

/**
 * The master admin asks to clear an NPI match (domain/exclusion-clearance.ts): the file records
 * `ExclusionClearanceRequested`; the match keeps standing (the file stays Excluded) with the
 * clearance shown as pending until a second person confirms.
 */
@CommandHandler(RequestClearanceCommand)
export class RequestClearanceHandler implements ICommandHandler<RequestClearanceCommand, credentialing.ExclusionMatchesReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: FileAccess,
    private readonly writer: CredentialingWriter,
    private readonly matches: ExclusionMatches,
    @Inject(MONITORING_CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ input }: RequestClearanceCommand): Promise<credentialing.ExclusionMatchesReply> {
    const { providerId, matchId, reason, note, evidence } = input;
    const actor = await this.access.fileActor(providerId);
    assertAllowed(actor.role, 'RequestExclusionClearance');
    const match = await matchOf(this.matches, providerId, matchId);
    const now = this.clock();
    await this.writer.execute({ type: 'RequestExclusionClearance', data: { providerId, actor, now, match, reason, note, evidence } });
    const clearance: Omit<credentialing.ClearanceView, 'requestedByName' | 'decidedByName'> = {
      reason,
      note: note.trim(),
      evidence,
      requestedBy: actor.userId,
      requestedAt: now.toISOString(),
      status: 'Pending',
      decidedBy: null,
      decidedAt: null,
      decisionNote: null,
    };
    await this.pool.query(`UPDATE exclusion_matches SET clearance = $3::jsonb WHERE provider_id = $1 AND row_key = $2`, [providerId, matchId, JSON.stringify(clearance)]);
    return { matches: await this.matches.of(providerId) };
  }
}
