import { Command } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** An NPDB query's result recorded in the file, the report as evidence. */
export class RecordNpdbQueryCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: credentialing.NpdbQueryPayload) {
    super();
  }
}
