import { z } from 'zod';

/**
 * The FHIR provider directory: directory.qry.<name>. The gateway passes a search's
 * parameters as sent (name, value pairs, repeats kept) and the base URL the client used; the
 * directory answers the FHIR resource or Bundle, or a validation / not_found error.
 */

export const FHIR_RESOURCE_TYPES = ['Practitioner', 'Organization', 'Location', 'PractitionerRole', 'Endpoint'] as const;
export type FhirResourceType = (typeof FHIR_RESOURCE_TYPES)[number];

const base = z.string().min(1).max(500);
const resourceType = z.enum(FHIR_RESOURCE_TYPES, { error: 'resourceType: not a resource type of this directory' });

/** directory.qry.fhirSearch */
export const FhirSearchRequest = z.object({
  resourceType,
  params: z.array(z.tuple([z.string().max(200), z.string().max(2000)])).max(100, 'too many search parameters'),
  base,
});
export type FhirSearchRequest = z.input<typeof FhirSearchRequest>;

/** directory.qry.fhirRead */
export const FhirReadRequest = z.object({ resourceType, id: z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/, 'id: not a FHIR id'), base });
export type FhirReadRequest = z.input<typeof FhirReadRequest>;

/** directory.qry.fhirCapabilities */
export const FhirCapabilitiesRequest = z.object({ base });
export type FhirCapabilitiesRequest = z.infer<typeof FhirCapabilitiesRequest>;
