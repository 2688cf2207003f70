import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';

/** One NPI in the registry (404 when it holds none). */
export class LookupNpiQuery extends Query<directory.RegistryLookupReply> {
  constructor(readonly input: directory.RegistryLookupRequest) {
    super();
  }
}
