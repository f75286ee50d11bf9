/**
 * Templates for in-memory embedded databases (the in-process contract tests start dozens of servers): the
 * first server with a given set of declarations and seed keeps its migrated and seeded database as a tar
 * file in the temporary folder; later ones start from it in well under a second instead of running initdb,
 * the migration and the seed again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DIR = path.join(tmpdir(), 'pim-pglite-templates');
/** Templates no start has used for this long are removed (each change of the declarations makes a new one). */
const UNUSED_FOR_MS = 7 * 24 * 3600 * 1000;

/** Removes the templates unused for a week; the one in use is marked as used now. */
function prune(inUse: string): void {
  const now = Date.now();
  for (const name of readdirSync(DIR)) {
    const file = path.join(DIR, name);
    try {
      if (file === inUse) {
        if (existsSync(file)) utimesSync(file, new Date(now), new Date(now));
      } else if (now - statSync(file).mtimeMs > UNUSED_FOR_MS) rmSync(file, { force: true });
    } catch {
      // another server pruned or wrote it meanwhile
    }
  }
}

/** The template file for this content (declarations, seed, engine version, index builder). */
export function templateFile(content: unknown): string {
  const packageJson = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const key = createHash('sha256').update(JSON.stringify({ version, content })).digest('hex').slice(0, 24);
  mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, `${key}.tar`);
  prune(file);
  return file;
}

export const templateExists = (file: string): boolean => existsSync(file);
