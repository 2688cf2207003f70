import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdentifierHasher, devIdentifierHashKey } from './identifier-hasher';

describe('identifier hashes', () => {
  const key = 'k'.repeat(40);
  const hasher = new IdentifierHasher({ NODE_ENV: 'production', IDENTIFIER_HASH_KEY: key });

  it('are an HMAC-SHA256 with the server key of the trimmed, lower-cased identifier', () => {
    expect(hasher.hash('  Jane.Doe@Clinic.test ')).toBe(createHmac('sha256', key).update('jane.doe@clinic.test').digest('hex'));
    expect(hasher.hash('JANE.DOE@clinic.test')).toBe(hasher.hash('jane.doe@clinic.test'));
  });

  it('cannot be recomputed without the key: not the plain sha256, and another key gives another hash', () => {
    expect(hasher.hash('hunter22')).not.toBe(createHash('sha256').update('hunter22').digest('hex'));
    const other = new IdentifierHasher({ NODE_ENV: 'production', IDENTIFIER_HASH_KEY: 'x'.repeat(40) });
    expect(other.hash('hunter22')).not.toBe(hasher.hash('hunter22'));
  });

  describe('development key', () => {
    let dir: string;
    beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'idkey-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('is generated once into a file only the owner can read, then reused', () => {
      const file = join(dir, 'sub', 'identifier-hash-key');
      const first = devIdentifierHashKey(file);
      expect(first).toMatch(/^[0-9a-f]{96}$/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toBe(first);
      expect(devIdentifierHashKey(file)).toBe(first);
      // No leftovers from the atomic write.
      expect(readdirSync(join(dir, 'sub'))).toEqual(['identifier-hash-key']);
    });
  });
});
