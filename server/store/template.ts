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
import { hashOfCode } from './migration-state';

const DIR = path.join(tmpdir(), 'pim-pglite-templates');
/**
 * Templates kept: those used in the last hour (servers starting now may be reading them), the KEPT most recently
 * used (each change of the declarations or of the API's code makes a new one, about 50 MB), none unused for a week.
 */
const KEPT = 4;
const RECENT_MS = 3600 * 1000;
const UNUSED_FOR_MS = 7 * 24 * 3600 * 1000;

/** Removes the templates not kept (see KEPT); marks the one in use as used now. */
function prune(inUse: string): void {
  const now = Date.now();
  if (existsSync(inUse)) {
    try {
      utimesSync(inUse, new Date(now), new Date(now));
    } catch {
      // another server pruned it meanwhile: it is written again
    }
  }
  const others = readdirSync(DIR)
    // templates only: a .tmp file is one another server is writing
    .filter((name) => name.endsWith('.tar'))
    .map((name) => path.join(DIR, name))
    .filter((file) => file !== inUse)
    .flatMap((file) => {
      try {
        return [{ file, used: statSync(file).mtimeMs }];
      } catch {
        return []; // another server pruned it meanwhile
      }
    })
    .sort((a, b) => b.used - a.used);
  others.forEach(({ file, used }, index) => {
    const unused = now - used;
    if ((index >= KEPT - 1 && unused > RECENT_MS) || unused > UNUSED_FOR_MS) rmSync(file, { force: true });
  });
}

/** The template file for this content (declarations, seed), engine version and the API's compiled code. */
export function templateFile(content: unknown): string {
  const packageJson = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const key = createHash('sha256')
    .update(JSON.stringify({ version, content, code: hashOfCode() }))
    .digest('hex')
    .slice(0, 24);
  mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, `${key}.tar`);
  prune(file);
  return file;
}

export const templateExists = (file: string): boolean => existsSync(file);
