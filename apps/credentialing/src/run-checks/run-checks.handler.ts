import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { Conflict } from '@app/errors';
import { dayOf } from '../domain/calendar';
import { assertAllowed } from '../domain/credentialing-file.decider';
import { FileNotFound } from '../domain/credentialing.errors';
import { checkNppes, nppesNote } from '../domain/nppes-check';
import { FileAccess } from '../infrastructure/file-access';
import { FileService } from '../infrastructure/file.service';
import { EXCLUSION_SOURCE, NPPES_SOURCE, type ExclusionSource, type NppesSource } from '../sources/verification-sources';
import { checkLicence, rosterNote } from '../domain/roster-check';
import { MonitoringAlerts } from '../monitoring-alerts/monitoring-alerts';
import { LicenceRosterSource } from '../sources/roster/licence-roster.source';
import { RunChecksCommand } from './run-checks.command';

/**
 * The automatic checks: the registry's record of the provider's NPI (the directory's mirror,
 * asked over NATS), compared with the profile and the file's state licences, stored with the
 * record as evidence; each state licence whose state has an imported roster against that roster
 * (source State board, method automatic, the roster row as evidence, the roster's date; a
 * discrepancy raises a Danger alert); then the exclusion screening against every list, recorded
 * in the file with the matched rows as evidence.
 */
@CommandHandler(RunChecksCommand)
export class RunChecksHandler implements ICommandHandler<RunChecksCommand, credentialing.FileReply> {
  constructor(
    private readonly files: FileService,
    private readonly access: FileAccess,
    @Inject(NPPES_SOURCE) private readonly nppes: NppesSource,
    @Inject(EXCLUSION_SOURCE) private readonly exclusions: ExclusionSource,
    private readonly rosters: LicenceRosterSource,
    private readonly alerts: MonitoringAlerts,
  ) {}

  async execute({ input }: RunChecksCommand): Promise<credentialing.FileReply> {
    const { providerId } = input;
    const actor = await this.access.fileActor(providerId);
    assertAllowed(actor.role, 'RecordVerification');
    const state = await this.files.state(providerId);
    if (!state.current) throw new FileNotFound();
    const profile = await this.access.provider(providerId);
    if (!profile?.npi) throw new Conflict('The provider profile has no NPI to check against the registry', 'npi');
    const record = await this.nppes.lookup(profile.npi);
    const check = checkNppes(record, { npi: profile.npi, firstName: profile.firstName, lastName: profile.lastName }, state.current.credentials);
    let reply = await this.files.run(providerId, (a, now) => ({
      type: 'RecordVerification',
      data: {
        providerId,
        actor: a,
        now,
        verificationId: randomUUID(),
        credentialId: null,
        source: 'NPPES',
        method: 'automatic',
        result: check.result,
        verifiedOn: dayOf(now),
        note: nppesNote(check.result, record?.origin ?? null, check.discrepancies.length),
        evidence: { kind: 'snapshot', source: 'NPPES', snapshot: record },
        discrepancies: check.discrepancies,
      },
    }));
    // Each state licence whose state has a roster: verified automatically at the State board's roster.
    for (const c of state.current.credentials) {
      if (c.credential.kind !== 'stateLicense') continue;
      const found = await this.rosters.lookup(c.credential.state, c.credential.number);
      if (!found) continue;
      const check = checkLicence({ state: c.credential.state, number: c.credential.number, expiresOn: c.credential.expiresOn }, found.entry);
      reply = await this.files.run(providerId, (a, now) => ({
        type: 'RecordVerification',
        data: {
          providerId,
          actor: a,
          now,
          verificationId: randomUUID(),
          credentialId: c.credentialId,
          source: 'State board',
          method: 'automatic',
          result: check.result,
          verifiedOn: found.roster.day <= dayOf(now) ? found.roster.day : dayOf(now),
          note: rosterNote(check, found.roster),
          evidence: { kind: 'snapshot', source: 'State board', snapshot: { roster: found.roster, row: found.row } },
          discrepancies: check.discrepancies.map((d) => ({ ...d, credentialId: c.credentialId })),
        },
      }));
      if (check.result === 'Discrepancy') {
        const now = new Date();
        await this.alerts.raise(
          [
            {
              key: `licence:${providerId}:${c.credentialId}:${found.roster.day}:${check.discrepancies.map((d) => d.field).join('|')}`,
              providerId,
              kind: 'licence-discrepancy',
              alertLevel: 'Danger',
              credentialKind: 'stateLicense',
              dueOn: null,
              daysLeft: null,
              toProvider: false,
              matchId: null,
            },
          ],
          now,
        );
      }
    }
    if (this.exclusions.available) {
      await this.exclusions.screenFile(providerId);
      reply = await this.files.view(providerId);
    }
    return reply;
  }
}
