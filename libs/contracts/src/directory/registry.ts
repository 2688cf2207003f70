import { z } from 'zod';
import { INVALID_NPI, INVALID_STATE_CODE, isUsStateCode, isValidNpi } from '@app/validation';

/**
 * The national provider registry calls: directory.qry.<name>, and the query
 * strings of the gateway's routes. Every failure names its field.
 */

/** The longest search term accepted ('Last, First', an organisation name or NPI digits). */
export const MAX_REGISTRY_TERM = 100;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, `${field}: at most ${max} characters`)
    .optional()
    .transform((v) => (v ?? '').trim());

/** An NPI: 10 digits with a valid check digit, else 400 'Invalid NPI'. */
export const NpiField = z
  .string({ error: INVALID_NPI })
  .trim()
  .refine((v) => isValidNpi(v), { message: INVALID_NPI });

const narrowing = {
  state: text('state', 2).refine((v) => v === '' || isUsStateCode(v, { military: true }), { message: `state: ${INVALID_STATE_CODE}` }),
  city: text('city', 60),
};

/** GET /api/v1/npi/search: providers by NPI (exact or 3+ digit prefix) or name; npiType 1 people (default), 2 organisations. */
export const NpiSearchQuery = z.object({
  searchTerm: text('searchTerm', MAX_REGISTRY_TERM),
  npiType: z
    .enum(['1', '2'], { error: 'npiType: 1 (individual) or 2 (organization)' })
    .optional(),
  ...narrowing,
});
export type NpiSearchQuery = z.infer<typeof NpiSearchQuery>;

/** GET /api/v1/users/searchAllNpi (people) and /api/users/searchAllNpiPractice (organisations). */
export const RegistryTermQuery = z.object({ searchTerm: text('searchTerm', MAX_REGISTRY_TERM), ...narrowing });
export type RegistryTermQuery = z.infer<typeof RegistryTermQuery>;

/** GET /api/npi/searchNppes?npi= */
export const SearchNppesQuery = z.object({ npi: NpiField });

/** directory.qry.registrySearch */
export const RegistrySearchRequest = z.object({
  searchTerm: text('searchTerm', MAX_REGISTRY_TERM),
  audience: z.enum(['person', 'organization', 'any']),
  state: narrowing.state,
  city: narrowing.city,
});
export type RegistrySearchRequest = z.input<typeof RegistrySearchRequest>;

/** directory.qry.registryLookup: one NPI (deactivated ones too); 404 when the registry has none. */
export const RegistryLookupRequest = z.object({ npi: NpiField });
export type RegistryLookupRequest = z.infer<typeof RegistryLookupRequest>;

/** directory.qry.registryStatus: what the mirror holds. */
export type RegistryStatusReply = {
  mode: 'mirror' | 'live';
  providers: number;
  file: string | null;
  fileDate: string | null;
  importedAt: string | null;
  sampleOnly: boolean;
  incrementals: Array<{ file: string; fileDate: string | null; importedAt: string }>;
};
