/** The value of a field of a row; a dotted path reads nested objects ('mailingAddress.city'). */
export function fieldValue(row: unknown, field: string): unknown {
  let current: unknown = row;
  for (const part of field.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}
