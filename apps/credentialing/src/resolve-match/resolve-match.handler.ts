import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { credentialing } from '@app/contracts';
import { Conflict, NotFound } from '@app/errors';
import { PG_POOL } from '@app/nest-kit';
import { dayOf } from '../domain/calendar';
import { assertAllowed } from '../domain/credentialing-file.decider';
import { FileNotFound, NotAllowed } from '../domain/credentialing.errors';
import { fileExclusion } from '../domain/exclusion-match';
import { CredentialingWriter } from '../infrastructure/credentialing.writer';
import { FileAccess } from '../infrastructure/file-access';
import { MONITORING_CLOCK, type Clock } from '../monitoring-alerts/clock';
import { ExclusionScreeningService, describeRow } from '../infrastructure/exclusion-screening.service';
import { ExclusionMatches } from './exclusion-matches';
import { ResolveMatchCommand } from './resolve-match.command';

/**
 * A person (the provider's credentialing staff or the master admin) resolves a possible (name)
 * exclusion match: `Confirmed` (it is the provider) or `Not the same person`, with a note and
 * evidence. The file records it as a manual OIG LEIE verification with the evidence, and its
 * finding follows. An NPI (`Excluded`) match is not resolved here: staff get 403, the master
 * admin 409 (it is cleared with evidence and a second person's confirmation: clear-exclusion/).
 */
@CommandHandler(ResolveMatchCommand)
export class ResolveMatchHandler implements ICommandHandler<ResolveMatchCommand, credentialing.ExclusionMatchesReply> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: FileAccess,
    private readonly writer: CredentialingWriter,
    private readonly matches: ExclusionMatches,
    private readonly screening: ExclusionScreeningService,
    @Inject(MONITORING_CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ input }: ResolveMatchCommand): Promise<credentialing.ExclusionMatchesReply> {
    const { providerId, matchId, resolution, note, evidence } = input;
    const actor = await this.access.fileActor(providerId);
    assertAllowed(actor.role, 'RecordScreening');
    const state = await this.writer.load(providerId);
    if (!state.current) throw new FileNotFound();
    const found = await this.pool.query<{ kind: credentialing.ExclusionMatchKind }>(`SELECT kind FROM exclusion_matches WHERE provider_id = $1 AND row_key = $2`, [providerId, matchId]);
    if (found.rows[0]?.kind === 'Excluded') {
      if (actor.role !== 'masterAdmin') throw new NotAllowed('An NPI exclusion is not a possible match: only the master admin clears it, with evidence, and a second person confirms');
      throw new Conflict('An NPI exclusion is not a possible match: clear it with a reason and evidence (Request clearance), then a second person confirms', 'matchId');
    }
    const now = this.clock();
    const updated = await this.pool.query<{ snapshot: credentialing.ExclusionRow }>(
      `UPDATE exclusion_matches SET status = $3, resolved_at = $4, resolved_by = $5, note = $6, evidence = $7::jsonb
        WHERE provider_id = $1 AND row_key = $2 AND kind = 'Possible match' AND status NOT IN ('Cleared', 'Cleared with evidence') RETURNING snapshot`,
      [providerId, matchId, resolution, now, actor.userId, note, JSON.stringify(evidence)],
    );
    if (!updated.rowCount) {
      const exists = await this.pool.query(`SELECT 1 FROM exclusion_matches WHERE provider_id = $1 AND row_key = $2`, [providerId, matchId]);
      if (exists.rowCount) throw new Conflict('This match was cleared (the exclusion was reinstated or left the list): nothing to resolve', 'matchId');
      throw new NotFound('No such exclusion match for this provider');
    }
    const all = await this.matches.of(providerId);
    const exclusion = fileExclusion(all);
    await this.writer.execute({
      type: 'RecordScreening',
      data: {
        providerId,
        actor,
        now,
        verificationId: randomUUID(),
        method: 'manual',
        result: exclusion ? 'Discrepancy' : 'Verified',
        finding: resolution,
        exclusion,
        verifiedOn: dayOf(now),
        note: `${resolution}: ${describeRow(updated.rows[0].snapshot)}. ${note}`.slice(0, 1000),
        evidence,
        discrepancies: resolution === 'Confirmed' ? [{ field: 'exclusion', file: null, source: describeRow(updated.rows[0].snapshot) }] : [],
        resolved: { matchId, kind: 'Possible match', status: resolution },
      },
    });
    // The file's record now covers the matches as resolved (the daily run records only what changes after).
    await this.screening.noteResolved(providerId, now, resolution);
    return { matches: all };
  }
}
