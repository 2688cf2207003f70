import { z } from 'zod';
import { loadConfig } from '@app/nest-kit';

/**
 * How a chat message's append commits. `sync` (the default): the answer waits for the WAL flush,
 * so an acknowledged message survives a crash of the database server. `async` is an operator's
 * opt-in trade: the answer no longer waits for the disk's fsync, and a crash of the database
 * server can lose the messages of its last moments (about 3 x wal_writer_delay), some of them
 * perhaps already shown (docs/operations.md).
 */
export const CHAT_COMMIT = Symbol('CHAT_COMMIT');
export type ChatCommitMode = 'sync' | 'async';

const schema = z.object({
  CHAT_COMMIT: z.enum(['sync', 'async'], { error: "must be 'sync' or 'async'" }).default('sync'),
});

export function chatCommitMode(env: NodeJS.ProcessEnv = process.env): ChatCommitMode {
  return loadConfig(schema, env).CHAT_COMMIT;
}
