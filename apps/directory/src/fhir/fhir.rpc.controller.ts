import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { directory } from '@app/contracts';
import { Rpc, parseFields } from '@app/nest-kit';
import { capabilityStatement } from './fhir-capability';
import { FhirQueries } from './fhir.queries';

/** directory.qry.fhirSearch / fhirRead / fhirCapabilities (the gateway's /fhir routes). */
@Controller()
export class FhirRpcController {
  constructor(private readonly queries: FhirQueries) {}

  @Rpc('directory', 'qry', directory.FHIR_RPC.search)
  search(@Payload() payload: unknown) {
    const r = parseFields(directory.FhirSearchRequest, payload);
    return this.queries.search(r.resourceType, r.params, r.base);
  }

  @Rpc('directory', 'qry', directory.FHIR_RPC.read)
  read(@Payload() payload: unknown) {
    const r = parseFields(directory.FhirReadRequest, payload);
    return this.queries.read(r.resourceType, r.id);
  }

  @Rpc('directory', 'qry', directory.FHIR_RPC.capabilities)
  capabilities(@Payload() payload: unknown) {
    return capabilityStatement(parseFields(directory.FhirCapabilitiesRequest, payload).base);
  }
}
