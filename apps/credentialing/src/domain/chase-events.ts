/**
 * A chase of the provider's missing items, logged in the file's history (stream
 * `credentialing-<providerId>`): which items, which chase of how many, by which channels, when.
 */
export type ItemsChased = {
  type: 'ItemsChased';
  data: {
    providerId: string;
    cycleId: string;
    items: { key: string; message: string; chase: number; of: number }[];
    channels: 'email'[];
    at: string;
    by: string;
  };
};
