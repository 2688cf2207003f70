import { Command } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { credentialing } from '@app/contracts';

/** Staff set how often the practice's providers are chased for missing items, and how many times at most. */
export class SetChasingCommand extends Command<credentialing.ChasingSettingsReply> {
  constructor(readonly input: z.output<typeof credentialing.ChasingSettingsPayload>) {
    super();
  }
}
