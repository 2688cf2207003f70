import { Query } from '@nestjs/cqrs';
import type { credentialing } from '@app/contracts';

/** The exclusion mirror's search: an NPI, 'Last, First' or a business name (staff only). */
export class SearchExclusionsQuery extends Query<credentialing.ExclusionSearchReply> {
  constructor(readonly input: credentialing.ExclusionSearchRequest) {
    super();
  }
}
