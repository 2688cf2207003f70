import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** A meeting's minutes (PDF): the latest, or the one named. */
export class GetMinutesQuery extends Query<credentialing.MinutesReply> {
  constructor(readonly input: z.output<typeof credentialing.COMMITTEE_RPC.getMinutes.request>) {
    super();
  }
}
