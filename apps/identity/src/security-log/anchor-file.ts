import { appendFile, readFile } from 'node:fs/promises';
import { formatAnchor, parseAnchor, type Anchor, type SourcedAnchor } from './anchors';

/** Appends one anchor as a JSON line (the file is created if missing, never rewritten). */
export async function appendAnchorToFile(path: string, anchor: Anchor): Promise<void> {
  await appendFile(path, `${formatAnchor(anchor)}\n`, { encoding: 'utf8', mode: 0o640 });
}

/** Reads an anchor file (JSON lines; blank lines skipped); throws naming the file and line of a bad one. */
export async function readAnchorFile(path: string): Promise<SourcedAnchor[]> {
  return parseAnchorLines(await readFile(path, 'utf8'), path);
}

export function parseAnchorLines(text: string, name: string): SourcedAnchor[] {
  const anchors: SourcedAnchor[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    try {
      anchors.push({ ...parseAnchor(line), source: `file ${name}:${i + 1}` });
    } catch (e) {
      throw new Error(`anchor file ${name}, line ${i + 1}: ${(e as Error).message}`);
    }
  });
  return anchors;
}
