import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import type { FhirResource } from '../read-models/fhir/fhir-resources';

/** One FHIR resource by type and id (404 when there is none). */
export class ReadFhirQuery extends Query<FhirResource> {
  constructor(readonly input: directory.FhirReadRequest) {
    super();
  }
}
