/**
 * The sanction and exclusion lists behind the credentialing service's one source port: each
 * list's id (the import command's, the API's `source`), its name and its publisher's file. The
 * OIG LEIE is the first; every row of a search and every match names its list.
 */
import { z } from 'zod';
import { defineRpcs } from '../rpc-contract';

export const SANCTION_SOURCES = [
  { id: 'leie', name: 'OIG LEIE', file: 'UPDATED.csv', rule: 'exclusion' },
  { id: 'sam', name: 'SAM.gov exclusions', file: 'SAM_Exclusions_Public_Extract_*.CSV', rule: 'exclusion' },
  { id: 'optout', name: 'CMS Medicare opt-out affidavits', file: 'Opt Out Affidavits (CSV)', rule: 'opt-out' },
  { id: 'ofac', name: 'OFAC SDN list', file: 'sdn.csv (and alt.csv beside it)', rule: 'name-only' },
  { id: 'medicaid-ny', name: 'New York Medicaid exclusions (OMIG)', file: 'OMIG exclusion list (CSV)', rule: 'exclusion' },
  { id: 'medicaid-ca', name: 'California Medi-Cal suspended and ineligible providers', file: 'S&I list (CSV)', rule: 'exclusion' },
  { id: 'medicaid-tx', name: 'Texas Medicaid exclusions (HHS-OIG)', file: 'TX exclusions (CSV)', rule: 'exclusion' },
] as const;
export type SanctionSourceId = (typeof SANCTION_SOURCES)[number]['id'];
export const SANCTION_SOURCE_IDS = SANCTION_SOURCES.map((s) => s.id) as [SanctionSourceId, ...SanctionSourceId[]];

/** GET /api/v1/exclusions/sources: every list with its last completed import (null: never imported). */
export const SourceListView = z.object({
  source: z.enum(SANCTION_SOURCE_IDS),
  name: z.string(),
  file: z.string().nullable(),
  importedAt: z.string().nullable(),
  rows: z.number(),
  sample: z.boolean(),
});
export type SourceListView = z.infer<typeof SourceListView>;
export const SourceListsReply = z.object({ sources: z.array(SourceListView) });
export type SourceListsReply = z.infer<typeof SourceListsReply>;

/** The source lists' calls (credentialing.qry.<name>). */
export const SOURCE_LIST_RPC = defineRpcs('credentialing', {
  /** Every list with its last import (staff and the master admin). */
  listSources: { kind: 'qry', request: z.object({}), reply: SourceListsReply },
});
