/** Where the exclusion (OIG LEIE) reads live in the query cache. */
export const monitoringKeys = {
  all: ['exclusions'] as const,
  /** A file's matches; `refreshKey` (the file's exclusion finding) changes when they may have changed. */
  matches: (providerId: string, refreshKey: string | null | undefined) => ['exclusions', 'matches', providerId, refreshKey ?? null] as const,
  search: (term: string, source: string | null = null) => ['exclusions', 'search', term, source] as const,
  sources: ['exclusions', 'sources'] as const,
};
