import { z } from 'zod';

/** Variables of the security log's anchoring, read by the identity service and the audit CLI. */
export const auditAnchorConfig = {
  /** How often identity anchors the log's head (only when it moved); 0 turns the schedule off. */
  AUDIT_ANCHOR_INTERVAL_MS: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n >= 1000, 'must be 0 (off) or at least 1000')
    .default(300_000),
  /** A file every anchor is also appended to (JSON lines), e.g. on another volume or host. */
  AUDIT_ANCHOR_FILE: z.string().min(1).optional(),
  /** How long the JetStream stream keeps anchors, in days (0: for ever). Applies when the stream is created. */
  AUDIT_ANCHOR_RETENTION_DAYS: z.coerce.number().int().min(0).default(3653),
};
