// Builds the app and the reference API, starts the API (serving the app) on a free loopback port with a fresh
// seeded datastore, runs the Playwright suite against it with Debian's Chromium, and stops the server by its PID.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, run, stopByPid, waitForHttp } from './support/run.mjs';
import { printPlaywrightSummary } from './support/summary.mjs';

// The app is built into a folder of this run's own, so concurrent runs never overwrite each other's build.
const appDir = path.resolve(`.tmp/e2e-app-${process.pid}`);
for (const [cmd, args] of [
  ['node_modules/.bin/vite', ['build', '--outDir', appDir, '--emptyOutDir', '--logLevel', 'warn']],
  ['npm', ['run', 'build:server']],
]) {
  const built = await run(cmd, args);
  if (built !== 0) process.exit(built);
}
// Known to the specs (PIM_JWT_SECRET) so they can mint an expired access token.
const E2E_JWT_SECRET = `e2e-${process.pid}-${Date.now()}`;
const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'pim-e2e-'));
const baseURL = `http://127.0.0.1:${port}`;
const server = spawn('node', ['dist-server/server/index.js'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: appDir,
    JWT_SECRET: E2E_JWT_SECRET,
  },
});
let code = 1;
try {
  await waitForHttp(`${baseURL}/config.json`);
  mkdirSync('.tmp', { recursive: true });
  code = await run('node_modules/.bin/playwright', ['test', ...process.argv.slice(2)], {
    PIM_BASE_URL: baseURL,
    PIM_JWT_SECRET: E2E_JWT_SECRET,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  });
} finally {
  await stopByPid(server);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(appDir, { recursive: true, force: true });
}
printPlaywrightSummary('e2e', process.env.PIM_E2E_REPORT ?? '.tmp/e2e.json');
process.exit(code);
