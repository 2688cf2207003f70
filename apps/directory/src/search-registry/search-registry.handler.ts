import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { NpiRegistry } from '../registry/registry';
import { SearchRegistryQuery } from './search-registry.query';

/** The registry's providers or organisations for a term (with the user names the product holds for them). */
@QueryHandler(SearchRegistryQuery)
export class SearchRegistryHandler implements IQueryHandler<SearchRegistryQuery, directory.RegistrySearchReply> {
  constructor(private readonly registry: NpiRegistry) {}

  async execute({ input }: SearchRegistryQuery): Promise<directory.RegistrySearchReply> {
    return this.registry.search(input);
  }
}
