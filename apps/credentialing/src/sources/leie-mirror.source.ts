import { Injectable } from '@nestjs/common';
import { ExclusionScreeningService } from '../infrastructure/exclusion-screening.service';
import type { ExclusionSource } from './verification-sources';

/** The exclusion port on the service's own LEIE mirror: screen the provider now, record it in the file (nothing before a first LEIE import). */
@Injectable()
export class LeieMirrorSource implements ExclusionSource {
  readonly available = true;
  constructor(private readonly screening: ExclusionScreeningService) {}

  async screenFile(providerId: string): Promise<void> {
    await this.screening.screen({ kind: 'providers', providerIds: [providerId] }, { record: 'always' });
  }
}
