import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import { NpiRegistry } from '../registry/registry';
import { RegistryStatusQuery } from './registry-status.query';

/** Which registry answers (mirror or live) and what the mirror holds. */
@QueryHandler(RegistryStatusQuery)
export class RegistryStatusHandler implements IQueryHandler<RegistryStatusQuery, directory.RegistryStatusReply> {
  constructor(private readonly registry: NpiRegistry) {}

  async execute(): Promise<directory.RegistryStatusReply> {
    return this.registry.status();
  }
}
