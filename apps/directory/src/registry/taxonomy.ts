import { TaxonomyTable } from '../domain/registry/taxonomy';
import { NUCC_TAXONOMY_CSV } from './data/nucc-taxonomy';

let table: TaxonomyTable | undefined;

/** The NUCC code set shipped with the service (parsed once). */
export function nuccTaxonomy(): TaxonomyTable {
  table ??= new TaxonomyTable(NUCC_TAXONOMY_CSV);
  return table;
}
