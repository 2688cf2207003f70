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

/** The OIG LEIE exclusion screening: issue #21 binds the mirror's adapter here. */
export const EXCLUSION_SOURCE = Symbol('EXCLUSION_SOURCE');
export type ExclusionScreening = { result: 'Verified' | 'Discrepancy'; snapshot: unknown; discrepancies: { field: string; file: string | null; source: string | null }[] };
export interface ExclusionSource {
  /** Whether a source is bound at all (until issue #21 none is, and the screening is not required). */
  readonly available: boolean;
  screen(provider: { npi: string | null; firstName: string | null; lastName: string | null }): Promise<ExclusionScreening>;
}

/** No exclusion list yet: the screening is neither run nor required. */
export class NoExclusionSource implements ExclusionSource {
  readonly available = false;
  screen(): Promise<ExclusionScreening> {
    return Promise.reject(new Error('No exclusion screening source is bound (issue #21)'));
  }
}
