import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** The turnaround report of the files the caller may see (the master admin every file, staff their practices' providers). */
export class TurnaroundReportQuery extends Query<credentialing.TurnaroundReply> {
  constructor(readonly input: z.output<typeof credentialing.TurnaroundRequest>) {
    super();
  }
}
