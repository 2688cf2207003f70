import { Query } from '@nestjs/cqrs';
import type { directory } from '@app/contracts';
import type { SearchBundle } from '../read-models/fhir/fhir.queries';

/** A FHIR search of one resource type (a searchset Bundle). */
export class SearchFhirQuery extends Query<SearchBundle> {
  constructor(readonly input: directory.FhirSearchRequest) {
    super();
  }
}
