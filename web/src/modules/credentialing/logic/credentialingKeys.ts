/** Where credentialing reads live in the query cache. */
export const credentialingKeys = {
  all: ['credentialing'] as const,
  file: (providerId: string) => ['credentialing', 'file', providerId] as const,
};
