import type { credentialing } from '@app/contracts';
import { hasStatus } from '../../api/apiError';
import { apiClient } from '../../session/api/apiClient';

const BASE = '/api/v1/credentialing';

/** A provider's file on the gateway. */
export const fileUrl = (providerId: string): string => `${BASE}/files/${encodeURIComponent(providerId)}`;

/**
 * The provider's current file, or null when no cycle was ever started (one's own: `file: null`;
 * another's: 404). Small on purpose: the routes' loaders ask it before the screen's code has loaded.
 */
export async function requestFile(providerId: string): Promise<credentialing.FileView | null> {
  try {
    return (await apiClient.get<credentialing.GetFileReply>(fileUrl(providerId), { auth: true })).file;
  } catch (failure) {
    if (hasStatus(failure, 404)) return null;
    throw failure;
  }
}
