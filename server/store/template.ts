/**
 * Templates for in-memory embedded databases (the in-process contract tests start dozens of servers): the
 * first server with a given set of declarations and seed keeps its migrated and seeded database as a tar
 * file in the temporary folder; later ones start from it in well under a second instead of running initdb,
 * the migration and the seed again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const DIR = path.join(tmpdir(), 'pim-pglite-templates');

/** The template file for this content (declarations, seed, engine version, index builder). */
export function templateFile(content: unknown): string {
  const packageJson = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const key = createHash('sha256').update(JSON.stringify({ version, content })).digest('hex').slice(0, 24);
  mkdirSync(DIR, { recursive: true });
  return path.join(DIR, `${key}.tar`);
}

export const templateExists = (file: string): boolean => existsSync(file);
