import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : walk(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every test file of the repository whose text matches `pattern`, relative to the root, sorted. */
export function testFilesMatching(pattern: RegExp): string[] {
  return ['apps', 'packages', 'test']
    .flatMap((dir) => walk(path.join(REPO_ROOT, dir)))
    .filter((file) => pattern.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(REPO_ROOT, file))
    .sort();
}
