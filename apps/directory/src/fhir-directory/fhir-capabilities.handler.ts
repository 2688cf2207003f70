import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { capabilityStatement } from '../read-models/fhir/fhir-capability';
import { FhirCapabilitiesQuery } from './fhir-capabilities.query';

/** The FHIR CapabilityStatement of the directory. */
@QueryHandler(FhirCapabilitiesQuery)
export class FhirCapabilitiesHandler implements IQueryHandler<FhirCapabilitiesQuery, ReturnType<typeof capabilityStatement>> {
  async execute({ input }: FhirCapabilitiesQuery): Promise<ReturnType<typeof capabilityStatement>> {
    return capabilityStatement(input.base);
  }
}
