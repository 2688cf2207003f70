import { createCodecStorage, rawStringCodec, type SyncValueStorage } from '../logic/browserStorage';

/**
 * localStorage holding a value as the bare string (not JSON-quoted), so code that reads
 * localStorage.getItem('token') directly sees the token itself.
 */
export const rawStringStorage: SyncValueStorage<string | null> = createCodecStorage(rawStringCodec);

/** The token's storage (the bare string). */
export const rawTokenStorage = rawStringStorage;
