import { nuccTaxonomy } from '../../registry/taxonomy';
import { norm } from './fhir-text';

/** The code system of the NUCC Health Care Provider Taxonomy in FHIR. */
export const NUCC_SYSTEM = 'http://nucc.org/provider-taxonomy';

let byText: Map<string, string> | undefined;

/**
 * The NUCC code of a specialty as the product stores it (the registry's taxonomy text, e.g.
 * 'Internal Medicine, Cardiovascular Disease', or a shorter name such as 'Psychiatry'): the code
 * whose whole text matches, else the one whose specialization (after the comma) matches, without
 * case or accents. Null when none does (the specialty is then published as text only).
 */
export function specialtyCode(specialty: string | null | undefined): string | null {
  const key = norm(specialty);
  if (!key) return null;
  if (!byText) {
    const whole = new Map<string, string>();
    const part = new Map<string, string>();
    for (const e of nuccTaxonomy().cleanCodes()) {
      const k = norm(e.desc);
      if (!whole.has(k)) whole.set(k, e.code);
      const comma = e.desc.indexOf(', ');
      const p = comma >= 0 ? norm(e.desc.slice(comma + 2)) : '';
      if (p && !part.has(p)) part.set(p, e.code);
    }
    byText = new Map([...part, ...whole]);
  }
  return byText.get(key) ?? null;
}

/** The NUCC text of a code (an unknown code keeps itself). */
export function specialtyDisplay(code: string): string {
  return nuccTaxonomy().desc(code);
}

/** A code of the NUCC table (specialty search values are checked against it). */
export function isNuccCode(code: string): boolean {
  return nuccTaxonomy().get(code) !== undefined;
}
