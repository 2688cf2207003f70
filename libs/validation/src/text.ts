/**
 * Control characters in text input. No text field takes NUL or another control character
 * (C0, DEL, C1); a field that legitimately holds several lines (a description, a message)
 * takes tab, line feed and carriage return. Shared by the web forms and the server (the
 * gateway checks every string of every request with `findControlCharacterField`).
 */

const SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]/;
const MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when the text holds a control character (tab and line breaks allowed when `multiline`). */
export function hasControlCharacters(v: string, opts: { multiline?: boolean } = {}): boolean {
  return (opts.multiline ? MULTI_LINE : SINGLE_LINE).test(v);
}

export const controlCharactersMessage = (field: string) => `${field} must not contain control characters`;

/** How deep a request's structure may nest (objects and arrays); deeper is refused. */
export const MAX_INPUT_DEPTH = 32;

export type InputProblem = { field: string; message: string };

/** A field name as shown in messages: `a.b[2]`; control characters in a key itself are escaped. */
function fieldName(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  const shown = JSON.stringify(key).slice(1, -1);
  return parent ? `${parent}.${shown}` : shown;
}

/**
 * Walks a parsed request part (body, query or path parameters) without recursion and returns
 * the first string (value or key) holding a control character, or a structure nested deeper
 * than MAX_INPUT_DEPTH. `multiline` names the fields (last path segment) that take line breaks.
 */
export function findControlCharacterField(
  input: unknown,
  opts: { root?: string; multiline?: readonly string[] } = {},
): InputProblem | undefined {
  const multiline = new Set(opts.multiline ?? []);
  const stack: { value: unknown; field: string; key: string | number | undefined; depth: number }[] = [
    { value: input, field: opts.root ?? '', key: undefined, depth: 0 },
  ];
  while (stack.length) {
    const { value, field, key, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasControlCharacters(value, { multiline: typeof key === 'string' && multiline.has(key) })) {
        return { field: field || 'body', message: controlCharactersMessage(field || 'body') };
      }
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: field || 'body', message: `${field || 'body'} is nested too deeply` };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], field: fieldName(field, i), key: i, depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, v] = entries[i];
      const name = fieldName(field, k);
      if (hasControlCharacters(k)) return { field: name, message: `${name}: field names must not contain control characters` };
      stack.push({ value: v, field: name, key: k, depth: depth + 1 });
    }
  }
  return undefined;
}
