import type { NppesRecord } from '../domain/nppes-check';

/**
 * One port per primary source. Only the NPPES registry is reachable from here (the directory's
 * mirror, asked over NATS); the others are recorded manually with evidence until a live adapter
 * is bound to their port.
 */
export const NPPES_SOURCE = Symbol('NPPES_SOURCE');
export interface NppesSource {
  /** The registry's record of an NPI (deactivated ones too), or null when it has none. */
  lookup(npi: string): Promise<NppesRecord | null>;
}

/** The OIG LEIE exclusion screening: the credentialing service's own mirror of the list. */
export const EXCLUSION_SOURCE = Symbol('EXCLUSION_SOURCE');
export interface ExclusionSource {
  /** Whether a source is bound at all (without one the screening is neither run nor required). */
  readonly available: boolean;
  /** Screens the provider now and records the finding in their file (a verification, source OIG LEIE). */
  screenFile(providerId: string): Promise<void>;
}

/** No exclusion list: the screening is neither run nor required. */
export class NoExclusionSource implements ExclusionSource {
  readonly available = false;
  screenFile(): Promise<void> {
    return Promise.reject(new Error('No exclusion screening source is bound'));
  }
}
