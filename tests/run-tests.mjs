// npm test: builds the API (the contract tests run it), then runs the tests (tests/run-vitest.mjs), while the static
// checks (tests/run-checks.mjs: lint, format, the app's types) run beside the build and the tests at a lower CPU
// priority, on the core the build leaves free and in the moments the tests leave one idle (processes starting,
// timed waits). Prints the checks' result after the tests' summary; the exit code is non-zero when the build, a
// check or a test fails.
import { run } from './support/run.mjs';

const node = (script, args = []) => run(process.execPath, [script, ...args]);

const started = Date.now();
const checks = node('tests/run-checks.mjs', ['--without-api-build', '--background']);
const build = await node('node_modules/typescript/bin/tsc', ['-p', 'server/tsconfig.json']);
if (build !== 0) {
  console.log('[API build] failed: tsc -p server/tsconfig.json');
  await checks;
  process.exit(1);
}
const tests = await node('tests/run-vitest.mjs', process.argv.slice(2));
const checked = await checks;
console.log(
  `[npm test] API build, checks ${checked === 0 ? 'ok' : 'FAILED'}, tests ${tests === 0 ? 'ok' : 'FAILED'}; ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s in all`,
);
process.exit(build || checked || tests ? 1 : 0);
