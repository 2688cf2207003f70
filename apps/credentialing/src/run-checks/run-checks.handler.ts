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
import { RunChecksCommand } from './run-checks.command';

/**
 * The automatic checks: the registry's record of the provider's NPI (the directory's mirror,
 * asked over NATS), compared with the profile and the file's state licences, stored with the
 * record as evidence; then the exclusion screening against the LEIE mirror, recorded
 * in the file with the matched rows as evidence.
 */
@CommandHandler(RunChecksCommand)
export class RunChecksHandler implements ICommandHandler<RunChecksCommand, credentialing.FileReply> {
  constructor(
    private readonly files: FileService,
    private readonly access: FileAccess,
    @Inject(NPPES_SOURCE) private readonly nppes: NppesSource,
    @Inject(EXCLUSION_SOURCE) private readonly exclusions: ExclusionSource,
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
    if (this.exclusions.available) {
      await this.exclusions.screenFile(providerId);
      reply = await this.files.view(providerId);
    }
    return reply;
  }
}
