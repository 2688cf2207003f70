/**
 * The practice name derived from a registry organisation's name (spec practices §4 "Selecting a
 * registry organisation", §5): legal suffixes (LP, LLP, LLLP, LLC, PC, PLLC, PLC, CORP, PBC, INC,
 * LTD, also written with dots such as 'P.C.' or 'L.L.C.') and punctuation are stripped, and each
 * word is capitalised. Shared by the web (create drawer) and the server (username suggestion).
 */
export const LEGAL_SUFFIXES = ['LP', 'LLP', 'LLLP', 'LLC', 'PC', 'PLLC', 'PLC', 'CORP', 'PBC', 'INC', 'LTD'] as const;

const SUFFIXES = new Set<string>(LEGAL_SUFFIXES);

/** A word as a legal suffix reads without its dots ('P.L.L.C.' -> 'PLLC'). */
const bare = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();

function capitalise(word: string): string {
  const lower = word.toLocaleLowerCase('en-US');
  return lower.charAt(0).toLocaleUpperCase('en-US') + lower.slice(1);
}

export function derivePracticeName(organizationName: string): string {
  // Dotted abbreviations are whole words ('P.C.' is one word), other punctuation separates.
  const words = organizationName
    .normalize('NFC')
    .split(/\s+/)
    .flatMap((w) => (/^(\p{L}\.){2,}$/u.test(w) || /^(\p{L}\.)+\p{L}$/u.test(w) ? [w] : w.split(/[^\p{L}\p{N}'.]+/u)))
    .filter(Boolean);
  const kept = words.filter((w) => !SUFFIXES.has(bare(w)));
  return kept
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean)
    .map(capitalise)
    .join(' ');
}

/** The start of a suggested practice user name: the derived name's letters and digits, lower case, 2 to 17 characters. */
export function practiceUserNameBase(organizationName: string): string {
  const base = derivePracticeName(organizationName)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 17);
  return base.length >= 2 ? base : `${base}practice`.slice(0, 17);
}
