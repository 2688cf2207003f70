import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { NpiRegistry } from '../registry/registry';
import { LookupNpiQuery } from './lookup-npi.query';

/** One NPI in the registry (404 when it holds none). */
@QueryHandler(LookupNpiQuery)
export class LookupNpiHandler implements IQueryHandler<LookupNpiQuery, directory.RegistryLookupReply> {
  constructor(private readonly registry: NpiRegistry) {}

  async execute({ input }: LookupNpiQuery): Promise<directory.RegistryLookupReply> {
    return this.registry.lookup(input.npi);
  }
}
