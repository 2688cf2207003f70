export { type ApiClient, type ApiClientOptions, createApiClient, type RequestOptions, withQuery } from './apiClient';
export { ApiError, type ApiErrorKind, hasStatus, isApiError, serverMessage } from './apiError';
export { AppQueryProvider } from './AppQueryProvider';
export { createQueryClient, queryClientFor } from './queryClient';
