import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** The practice's chasing cadence (the defaults when its staff set none). */
export class GetChasingQuery extends Query<credentialing.ChasingSettingsReply> {
  constructor(readonly input: z.output<typeof credentialing.ChasingSettingsRequest>) {
    super();
  }
}
