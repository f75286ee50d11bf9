// Runs the contract suite (data provider ↔ reference API) with the reference API on MariaDB.
import { mkdirSync } from 'node:fs';
import { run } from './support/run.mjs';
import { startMariaDb } from './support/mariadb.mjs';
import { printVitestSummary } from './support/summary.mjs';

const built = await run('npm', ['run', 'build:server']);
if (built !== 0) process.exit(built);
const db = await startMariaDb();
let code = 1;
try {
  mkdirSync('.tmp', { recursive: true });
  code = await run(
    'node_modules/.bin/vitest',
    [
      'run',
      'tests/contract',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.tmp/contract-mysql.json',
    ],
    { PIM_DATABASE_URL: db.url },
  );
} finally {
  await db.stop();
}
printVitestSummary('contract-mysql', '.tmp/contract-mysql.json');
process.exit(code);
