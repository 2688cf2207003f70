import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FhirType } from '../read-models/fhir/fhir-resources';
import { FhirQueries, type SearchBundle } from '../read-models/fhir/fhir.queries';
import { SearchFhirQuery } from './search-fhir.query';

/** A FHIR search of one resource type (a searchset Bundle). */
@QueryHandler(SearchFhirQuery)
export class SearchFhirHandler implements IQueryHandler<SearchFhirQuery, SearchBundle> {
  constructor(private readonly queries: FhirQueries) {}

  async execute({ input }: SearchFhirQuery): Promise<SearchBundle> {
    return this.queries.search(input.resourceType as FhirType, input.params, input.base);
  }
}
