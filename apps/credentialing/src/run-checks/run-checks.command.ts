import { Command } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** Runs the automatic checks now: the NPPES check against the directory's registry (and the exclusion screening once bound). */
export class RunChecksCommand extends Command<credentialing.FileReply> {
  constructor(readonly input: { providerId: string }) {
    super();
  }
}
