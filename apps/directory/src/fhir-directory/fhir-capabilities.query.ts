import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import type { capabilityStatement } from '../read-models/fhir/fhir-capability';

/** The FHIR CapabilityStatement of the directory. */
export class FhirCapabilitiesQuery extends Query<ReturnType<typeof capabilityStatement>> {
  constructor(readonly input: directory.FhirCapabilitiesRequest) {
    super();
  }
}
