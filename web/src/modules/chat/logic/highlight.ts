/** A piece of text, marked when it matches the search. */
export type HighlightPart = { text: string; match: boolean };

/** Lower case without accents, one character for one (so positions stay the same). */
function fold(text: string): string {
  return Array.from(text, (char) => char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().charAt(0) || char).join('');
}

/** Whether `text` contains `term`, ignoring case and accents (an empty term matches nothing). */
export function matchesTerm(text: string | undefined, term: string): boolean {
  const needle = fold(term.trim());
  return Boolean(needle) && Boolean(text) && fold(text ?? '').includes(needle);
}

/** Splits `text` into the parts matching `term` (ignoring case and accents) and the rest. */
export function highlightParts(text: string, term: string): HighlightPart[] {
  const needle = fold(term.trim());
  if (!needle || !text) return text ? [{ text, match: false }] : [];
  const chars = Array.from(text);
  const folded = Array.from(fold(text));
  const parts: HighlightPart[] = [];
  let last = 0;
  const haystack = folded.join('');
  let from = 0;
  // Positions in the folded string are per character (fold keeps one for one).
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at < 0) break;
    const start = Array.from(haystack.slice(0, at)).length;
    const end = start + Array.from(needle).length;
    if (start > last) parts.push({ text: chars.slice(last, start).join(''), match: false });
    parts.push({ text: chars.slice(start, end).join(''), match: true });
    last = end;
    from = at + needle.length;
  }
  if (last < chars.length) parts.push({ text: chars.slice(last).join(''), match: false });
  return parts;
}
