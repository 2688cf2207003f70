/** Icon component names exported by @ant-design/icons end with their theme. */
const ICON_NAME = /^[A-Z][A-Za-z0-9]*(Outlined|Filled|TwoTone)$/;

/** The icon names among a module's export names, sorted. */
export function iconNamesFrom(exportNames: Iterable<string>): string[] {
  return [...new Set(exportNames)].filter((name) => ICON_NAME.test(name)).sort((a, b) => a.localeCompare(b));
}

/**
 * Names matching the query: every whitespace-separated word must appear in the name,
 * ignoring case. An empty query matches every name.
 */
export function filterIconNames(names: readonly string[], query: string): string[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...names];
  return names.filter((name) => {
    const lower = name.toLowerCase();
    return words.every((word) => lower.includes(word));
  });
}
