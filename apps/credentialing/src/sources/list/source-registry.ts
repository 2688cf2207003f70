import { credentialing } from '@app/contracts';
import { MEDICAID_LISTS } from '../medicaid/medicaid.lists';
import { OFAC_LIST } from '../ofac/ofac.list';
import { OPTOUT_LIST } from '../optout/optout.list';
import { SAM_LIST } from '../sam/sam.list';
import type { SourceList } from './source-list';

/**
 * Every source list the generic importer reads (the OIG LEIE, the first list, keeps its own tuned
 * importer and table: import-exclusions/). Their ids and names are the contracts' SANCTION_SOURCES.
 */
export const SOURCE_LISTS: readonly SourceList[] = [SAM_LIST, OPTOUT_LIST, OFAC_LIST, ...MEDICAID_LISTS];

export function sourceList(id: string): SourceList | undefined {
  return SOURCE_LISTS.find((s) => s.id === id);
}

/** A source's name as people call it (the contracts' table). */
export const sourceName = (id: string) => credentialing.SANCTION_SOURCES.find((s) => s.id === id)?.name ?? id;
