import { FHIR_TYPES, PROFILES } from './fhir-resources';
import { DEFAULT_COUNT, MAX_COUNT, ROLE_INCLUDES, SEARCH_PARAMS } from './fhir-search';

/** Startup time of this process: the CapabilityStatement's date. */
const STARTED = new Date().toISOString();

/** /fhir/metadata: exactly what the API supports (read and search of five Plan-Net resource types, JSON only). */
export function capabilityStatement(base: string) {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: STARTED,
    publisher: 'Credentialing Suite',
    kind: 'instance',
    software: { name: 'Credentialing Suite provider directory' },
    implementation: { description: 'Read-only provider directory (Da Vinci PDex Plan-Net, FHIR R4)', url: base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    implementationGuide: ['http://hl7.org/fhir/us/davinci-pdex-plan-net/ImplementationGuide/hl7.fhir.us.davinci-pdex-plan-net'],
    rest: [
      {
        mode: 'server',
        documentation: `Public, no authentication (a provider directory as CMS-9115-F requires), rate-limited per client IP. Searches page by a cursor: _count (default ${DEFAULT_COUNT}, at most ${MAX_COUNT}), follow the Bundle's next link. _total=accurate adds Bundle.total. Any other parameter, modifier or a malformed value is a 400 OperationOutcome.`,
        security: { cors: false, description: 'Public read-only data: professional directory information only.' },
        resource: FHIR_TYPES.map((type) => ({
          type,
          profile: PROFILES[type],
          supportedProfile: [PROFILES[type]],
          interaction: [{ code: 'read' }, { code: 'search-type' }],
          versioning: 'no-version',
          readHistory: false,
          updateCreate: false,
          ...(type === 'PractitionerRole' ? { searchInclude: [...ROLE_INCLUDES] } : {}),
          searchParam: [
            ...Object.entries(SEARCH_PARAMS[type]).map(([name, def]) => ({ name, definition: def.definition, type: def.type, documentation: def.description })),
          ],
        })),
        searchParam: [
          { name: '_count', type: 'number', definition: 'http://hl7.org/fhir/SearchParameter/Resource-count', documentation: `Page size, 1 to ${MAX_COUNT} (default ${DEFAULT_COUNT})` },
          { name: '_total', type: 'token', documentation: 'accurate: Bundle.total is the exact number of matches; none or estimate: no total' },
        ],
      },
    ],
  };
}
