import { parse } from 'csv-parse/sync';

export type TaxonomyEntry = { code: string; grouping: string; desc: string };

/**
 * The NUCC code set: a taxonomy code of the NPPES file becomes the registry's `desc` text
 * (`classification_specialization`, e.g. 'Internal Medicine, Cardiovascular Disease').
 * Some rows of the published v21.1 table carry a damaged text (a lone backslash, or a
 * trailing ', \'): the damaged tail is dropped, and a text with nothing left falls back to
 * the code's classification (its first four characters + '00000X'), then to its grouping.
 */
export class TaxonomyTable {
  private readonly byCode = new Map<string, TaxonomyEntry>();

  constructor(csvText: string) {
    const rows = parse(csvText, { columns: true, skip_empty_lines: true, trim: true }) as Array<Record<string, string>>;
    const raw = new Map<string, { grouping: string; text: string }>();
    for (const r of rows) {
      if (!r.code) continue;
      raw.set(r.code.toUpperCase(), { grouping: r.grouping ?? '', text: cleanText(r.classification_specialization ?? '') });
    }
    for (const [code, { grouping, text }] of raw) {
      const parent = raw.get(`${code.slice(0, 4)}00000X`)?.text;
      this.byCode.set(code, { code, grouping, desc: text || parent || grouping });
    }
  }

  get size(): number {
    return this.byCode.size;
  }

  get(code: string): TaxonomyEntry | undefined {
    return this.byCode.get(code.trim().toUpperCase());
  }

  /** The registry's text for a code; an unknown code keeps the code itself as its text. */
  desc(code: string): string {
    return this.get(code)?.desc ?? code;
  }

  /** Codes whose text came through intact (the sample generator picks from these). */
  cleanCodes(): TaxonomyEntry[] {
    return [...this.byCode.values()].filter((e) => e.desc !== e.grouping);
  }
}

function cleanText(text: string): string {
  return text.replace(/\s*\\\s*$/, '').replace(/[,\s]+$/, '').trim();
}
