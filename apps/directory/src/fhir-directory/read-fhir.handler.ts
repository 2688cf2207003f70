import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { FhirResource, FhirType } from '../read-models/fhir/fhir-resources';
import { FhirQueries } from '../read-models/fhir/fhir.queries';
import { ReadFhirQuery } from './read-fhir.query';

/** One FHIR resource by type and id (404 when there is none). */
@QueryHandler(ReadFhirQuery)
export class ReadFhirHandler implements IQueryHandler<ReadFhirQuery, FhirResource> {
  constructor(private readonly queries: FhirQueries) {}

  async execute({ input }: ReadFhirQuery): Promise<FhirResource> {
    return this.queries.read(input.resourceType as FhirType, input.id);
  }
}
