import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { directory } from '@app/contracts';
import { Rpc, parseFields } from '@app/nest-kit';
import { RegistryService } from './registry.service';

/** directory.qry.registrySearch / registryLookup / registryStatus (the gateway's registry routes). */
@Controller()
export class RegistryRpcController {
  constructor(private readonly registry: RegistryService) {}

  @Rpc('directory', 'qry', directory.REGISTRY_RPC.search)
  search(@Payload() payload: unknown) {
    return this.registry.search(parseFields(directory.RegistrySearchRequest, payload));
  }

  @Rpc('directory', 'qry', directory.REGISTRY_RPC.lookup)
  lookup(@Payload() payload: unknown) {
    return this.registry.lookup(parseFields(directory.RegistryLookupRequest, payload).npi);
  }

  @Rpc('directory', 'qry', directory.REGISTRY_RPC.status)
  status() {
    return this.registry.status();
  }
}
