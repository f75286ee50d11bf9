// The static checks `npm test` runs, as two chains side by side (one per core): lint and format; the app's type
// check and the API's build (which type-checks the API, so it is not checked twice). Each chain's output is printed
// when it ends; the exit code is non-zero when any check fails. Lint, format and the app's type check keep caches in
// .tmp/ (git-ignored), so a second run only reads the files that changed.
// --without-api-build: the API is built by the caller (tests/run-tests.mjs builds it before the tests).
// --background: at a lower CPU priority, so tests running beside the checks keep the cores they need.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { setPriority } from 'node:os';

const withoutApiBuild = process.argv.includes('--without-api-build');
// Set before any check starts: the checks' processes inherit it.
if (process.argv.includes('--background')) setPriority(10);

mkdirSync('.tmp/eslint', { recursive: true });

const bin = (name) => `node_modules/.bin/${name}`;

const chains = {
  'lint and format': [
    [bin('eslint'), ['--cache', '--cache-strategy', 'content', '--cache-location', '.tmp/eslint/', '.']],
    [
      bin('prettier'),
      ['--check', '--cache', '--cache-location', '.tmp/prettier/cache', '.', '--log-level', 'warn'],
    ],
  ],
  [withoutApiBuild ? 'types' : 'types and API build']: [
    [
      bin('tsc'),
      ['--noEmit', '--incremental', '--tsBuildInfoFile', '.tmp/tsc/app.tsbuildinfo', '-p', 'tsconfig.json'],
    ],
    ...(withoutApiBuild ? [] : [[bin('tsc'), ['-p', 'server/tsconfig.json']]]),
  ],
};

/** Runs a command, collecting its output; resolves to its exit code and output. */
const step = (cmd, args) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: output + String(error) }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });

const runChain = async (name, steps) => {
  const started = Date.now();
  for (const [cmd, args] of steps) {
    const { code, output } = await step(cmd, args);
    const line = `${cmd.replace(/^node_modules\/\.bin\//, '')} ${args.join(' ')}`;
    if (output.trim()) process.stdout.write(`\n[${name}] ${line}\n${output}`);
    if (code !== 0) {
      console.log(`[${name}] failed: ${line} (exit ${code})`);
      return false;
    }
  }
  console.log(`[${name}] ok in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
};

const results = await Promise.all(Object.entries(chains).map(([name, steps]) => runChain(name, steps)));
process.exit(results.every(Boolean) ? 0 : 1);
