import type { Provider } from '@nestjs/common';
import { FhirPracticesConsumer } from './fhir-practices.consumer';
import { FhirProjection } from './fhir.projection';
import { FhirQueries } from './fhir.queries';
import { FhirRpcController } from './fhir.rpc.controller';

/** The FHIR provider directory (issue #23): read model, its projection and practices consumer, queries. */
export const fhirControllers = [FhirRpcController];
export const fhirProjections = [FhirProjection];
export const fhirProviders: Provider[] = [FhirQueries, FhirPracticesConsumer];
