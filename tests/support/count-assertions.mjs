// Counts, per test layer, the test files, the test blocks (`it`/`test`, `.each` counted once) and the written
// `expect` calls, so a change to the suite can show it kept every assertion. Usage:
//   node tests/support/count-assertions.mjs [--json]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const LAYERS = ['unit', 'component', 'contract'];
const TEST_FILE = /\.(test|spec)\.tsx?$/;
const TEST_BLOCK = /(^|[^.\w])(it|test)(\.(each|skip|only|todo|concurrent|fails)\b[^(]*)?\s*\(/g;
const EXPECT = /(^|[^.\w])expect(\.soft|\.poll)?\s*\(/g;

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

const count = (text, pattern) => (text.match(pattern) ?? []).length;

export const countLayer = (layer, root = 'tests') => {
  const files = walk(join(root, layer));
  const tests = files.filter((file) => TEST_FILE.test(file));
  const sum = (pattern, list) =>
    list.reduce((total, file) => total + count(readFileSync(file, 'utf8'), pattern), 0);
  // assertions written in the layer's helper files (fixtures, harnesses) count too: tests call them
  return { layer, files: tests.length, tests: sum(TEST_BLOCK, tests), expects: sum(EXPECT, files) };
};

if (import.meta.url === `file://${process.argv[1]}`) {
  // the pure modules' specs beside them run in the unit layer
  const rows = [
    ...LAYERS.map((layer) => countLayer(layer)),
    { ...countLayer('core', 'src'), layer: 'src/core' },
  ];
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
  else
    for (const r of rows)
      console.log(`${r.layer}: ${r.files} files, ${r.tests} test blocks, ${r.expects} expect calls`);
}
