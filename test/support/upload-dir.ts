import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';

/** Every file under a test system's UPLOAD_DIR (relative paths, sorted): to show a refused upload stored nothing. */
export function filesUnder(uploadDir: string): string[] {
  const root = resolve(uploadDir);
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((d) => d.isFile())
    .map((d) => resolve(d.parentPath, d.name).slice(root.length + 1))
    .sort();
}
