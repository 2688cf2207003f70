import { Query } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** The provider's exclusion matches (whoever may see the file). */
export class ListMatchesQuery extends Query<credentialing.ExclusionMatchesReply> {
  constructor(readonly input: { providerId: string }) {
    super();
  }
}
