import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

/** Where development and test runs keep their generated key (production sets IDENTIFIER_HASH_KEY). */
export const DEV_IDENTIFIER_HASH_KEY_FILE = '.data/identifier-hash-key';

/**
 * The development key: read from `file`, or generated (48 random bytes, hex) and written with
 * mode 0600 on first use. Safe when several processes start at once: the file appears
 * complete or not at all (written aside, then hard-linked into place).
 */
export function devIdentifierHashKey(file = DEV_IDENTIFIER_HASH_KEY_FILE): string {
  const path = resolve(file);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(dirname(path), { recursive: true });
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, randomBytes(48).toString('hex'), { mode: 0o600 });
  chmodSync(aside, 0o600);
  try {
    linkSync(aside, path);
    new Logger('IdentifierHasher').log(`IDENTIFIER_HASH_KEY is not set: generated one into ${path} (development only)`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    unlinkSync(aside);
  }
  return readFileSync(path, 'utf8').trim();
}

/**
 * Keyed hash of what someone typed as an identifier (email or user name, trimmed and
 * lower-cased): HMAC-SHA256 with IDENTIFIER_HASH_KEY. People type passwords into that field,
 * so it is never stored in clear, and an unkeyed hash could be reversed by guessing: this one
 * cannot without the server's key. Used wherever such a hash is stored or shown: the stream
 * `signin-failures-unknown-<hash>`, the rate-limit keys, `SignInFailed.identifierHash` (and so
 * `security_log.details.identifierHash`) and the throttle log.
 */
@Injectable()
export class IdentifierHasher {
  private readonly key: Buffer;
  constructor(@Inject(IDENTITY_CONFIG) config: Pick<IdentityConfig, 'IDENTIFIER_HASH_KEY' | 'NODE_ENV'>) {
    // The config refuses production without a key; elsewhere a generated development key.
    this.key = Buffer.from(config.IDENTIFIER_HASH_KEY ?? devIdentifierHashKey(), 'utf8');
  }

  hash(identifier: string): string {
    return createHmac('sha256', this.key).update(identifier.trim().toLowerCase(), 'utf8').digest('hex');
  }
}
