// Runs unit, component and contract tests (embedded datastore), then prints the summary line.
import { mkdirSync } from 'node:fs';
import { run } from './support/run.mjs';
import { printVitestSummary } from './support/summary.mjs';

const label = process.env.PIM_TEST_LABEL ?? 'vitest';
const out = `.tmp/${label}.json`;
mkdirSync('.tmp', { recursive: true });
const extra = process.argv.slice(2);
const code = await run('node_modules/.bin/vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
  ...extra,
]);
printVitestSummary(label, out);
process.exit(code);
