/**
 * Code comments cite the requirements by a fixed anchor of docs/requirements.md: every cited anchor exists, and no
 * comment points at a document the repository does not hold.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'server', 'tests', 'bench'];
const SOURCE = /\.(ts|tsx|mjs)$/;

const sourceFiles = (): string[] =>
  ROOTS.flatMap((root) =>
    readdirSync(root, { recursive: true })
      .map(String)
      .filter((file) => SOURCE.test(file))
      .map((file) => path.join(root, file)),
  );

const anchors = new Set(
  [...readFileSync('docs/requirements.md', 'utf8').matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]),
);

describe('requirement citations', () => {
  const files = sourceFiles();
  const cited = files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/requirements\.md#([a-z0-9-]+)/g)].map((m) => ({
      file,
      anchor: m[1],
    })),
  );

  it('cite anchors that docs/requirements.md declares', () => {
    expect(anchors.size).toBeGreaterThan(20);
    expect(cited.length).toBeGreaterThan(50);
    expect(cited.filter(({ anchor }) => !anchors.has(anchor))).toEqual([]);
  });

  it('never cite a specification section by number', () => {
    const stale = files.filter((file) => /\bspec §\d/i.test(readFileSync(file, 'utf8')));
    expect(stale).toEqual([]);
  });
});
