import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** The NCQA file audit: a random sample of the files decided in a period, each with its CR 3 checklist. */
export class AuditSampleQuery extends Query<credentialing.AuditSampleReply> {
  constructor(readonly input: z.output<typeof credentialing.AuditSampleRequest>) {
    super();
  }
}
