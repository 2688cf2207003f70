/**
 * The registry mirror's integration events, on `events.directory.<Name>`: an NPI of
 * a directory profile found deactivated after an NPPES import. NPI, profile ids and dates only.
 */
export const REGISTRY_NPI_DEACTIVATED_V1 = 'RegistryNpiDeactivated';
export type RegistryNpiDeactivatedV1 = {
  npi: string;
  /** The directory profiles carrying this NPI. */
  profileIds: string[];
  deactivationDate: string | null;
  /** The import after which it was found. */
  importId: number;
  detectedAt: string;
};
