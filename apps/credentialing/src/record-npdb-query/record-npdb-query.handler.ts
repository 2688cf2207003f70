import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';
import { FileService } from '../infrastructure/file.service';
import { RecordNpdbQueryCommand } from './record-npdb-query.command';

/**
 * An NPDB query (manual: the querier is enrolled with the data bank) recorded as a verification of
 * the file as a whole, source NPDB: `No reports` Verified, `Reports found` a Discrepancy for the
 * committee; the report is the evidence; a Continuous Query enrollment's end date is watched by the
 * daily expirables run (the files projection keeps it beside the credentials' expiries).
 */
@CommandHandler(RecordNpdbQueryCommand)
export class RecordNpdbQueryHandler implements ICommandHandler<RecordNpdbQueryCommand, credentialing.FileReply> {
  constructor(private readonly files: FileService) {}

  async execute({ input }: RecordNpdbQueryCommand): Promise<credentialing.FileReply> {
    const { providerId, result, queriedOn, enrollmentEndsOn, note, evidence } = input;
    const found = result === 'Reports found';
    return this.files.run(providerId, (actor, now) => ({
      type: 'RecordVerification',
      data: {
        providerId,
        actor,
        now,
        verificationId: randomUUID(),
        credentialId: null,
        source: 'NPDB',
        method: 'manual',
        result: found ? 'Discrepancy' : 'Verified',
        verifiedOn: queriedOn,
        note: `NPDB query: ${result}${enrollmentEndsOn ? ` (Continuous Query enrollment until ${enrollmentEndsOn})` : ''}${note ? `. ${note}` : ''}`.slice(0, 1000),
        evidence,
        discrepancies: found ? [{ field: 'npdb', file: null, source: 'Reports found' }] : [],
        enrollmentEndsOn: enrollmentEndsOn ?? null,
      },
    }));
  }
}
