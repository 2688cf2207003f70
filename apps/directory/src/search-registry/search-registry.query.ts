import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** The registry's providers or organisations for a term (with the user names the product holds for them). */
export class SearchRegistryQuery extends Query<directory.RegistrySearchReply> {
  constructor(readonly input: directory.RegistrySearchRequest) {
    super();
  }
}
