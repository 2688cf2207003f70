import { getDefaultStore } from 'jotai';
import { queryClientFor } from '../../api/queryClient';
import { tokenAtom } from '../../session/state/tokenAtom';
import { requestFile } from '../api/fileRequest';
import { credentialingKeys } from './credentialingKeys';

/** How long a file read counts as this visit's: the route's early read is not asked again by the screen. */
export const FILE_FRESH_MS = 5_000;

/**
 * Starts a route's file read and its screen's code together, from the route's loader (signed in
 * only): the file comes in parallel with the code instead of after it. The read lands in the app's
 * query cache under the file's key, where the screen's query finds it (or its request in flight).
 */
export function prefetchFile(providerId: string, loadScreen?: () => Promise<unknown>): void {
  const store = getDefaultStore();
  if (!store.get(tokenAtom)) return;
  void loadScreen?.().catch(() => undefined);
  void queryClientFor(store).prefetchQuery({ queryKey: credentialingKeys.file(providerId), queryFn: () => requestFile(providerId), staleTime: FILE_FRESH_MS });
}
