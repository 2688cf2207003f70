/** Where practice reads live in the query cache. */
export const practiceKeys = {
  all: ['practices'] as const,
  profile: (npi: string) => ['practices', 'profile', npi] as const,
  providers: (practiceId: string) => ['practices', 'providers', practiceId] as const,
  npiSearch: (term: string) => ['practices', 'npiSearch', term] as const,
  userSearch: (term: string) => ['practices', 'userSearch', term] as const,
};
