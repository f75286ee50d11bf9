// npm run bench: builds the app and a minimal react-admin baseline in the same run, then prints
//  - gzip size of the JS the login screen loads, and of the whole build's JS;
//  - time from navigation to the frame that paints the first data row (not a loading placeholder; median of several
//    runs, alternating with the baseline's) in headless Chromium, measured in the page (bench/paint-probe.mjs), and
//    as Playwright's polling sees it (what this bench printed before 2026-11-29: up to 500 ms late);
//  - signed out, time from opening a deep link to the login form, and the history entries written meanwhile;
// next to the baseline's figures, as ratios. Figures only: nothing here passes or fails.
// BENCH_RUNS runs per timed figure (default 5); BENCH_FIRST_ROW_ONLY=1 gives the first-row figure alone.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { freePort, run, stopByPid, waitForHttp } from '../tests/support/run.mjs';
import { storeSession } from './session.mjs';
import { serveStatic } from './static-server.mjs';
import { apiArgs } from './api-command.mjs';
import { hostLoad } from './host-load.mjs';
import { firstPaint, watchFirstPaint } from './paint-probe.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FIRST_ROW_ONLY = process.env.BENCH_FIRST_ROW_ONLY === '1';
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const gzipOfDir = (dir) =>
  readdirSync(dir, { recursive: true })
    .filter((f) => String(f).endsWith('.js'))
    .reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dir, String(f)))).length, 0);

async function jsLoadedBy(browser, url, init) {
  const context = await browser.newContext();
  if (init) await context.addInitScript(init.script, init.arg);
  const page = await context.newPage();
  let total = 0;
  const pending = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') {
      pending.push(
        res
          .body()
          .then((b) => (total += gzipSync(b).length))
          .catch(() => {}),
      );
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await context.close();
  return total;
}

/** A data row of react-admin's Datagrid or DataTable (their loading placeholders are rows without these classes). */
const DATA_ROW = 'tbody tr.RaDatagrid-row, tbody tr.RaDataTable-row';

/** Navigation → first data row, once: painted (in the page) and seen by Playwright's polling. */
async function firstRowOnce(browser, { url, init }) {
  const context = await browser.newContext();
  if (init) await context.addInitScript(init.script, init.arg);
  await context.addInitScript(watchFirstPaint, DATA_ROW);
  const page = await context.newPage();
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForSelector(DATA_ROW, { timeout: 30000 });
  const polled = Date.now() - t0;
  const { painted } = await firstPaint(page);
  await context.close();
  return { painted, polled };
}

/**
 * Median times to the first row of each target, their runs alternating (a change in the machine's load during
 * the runs weighs on every target alike, not on whichever ran last).
 */
async function timesToFirstRow(browser, targets) {
  const times = targets.map(() => ({ painted: [], polled: [] }));
  for (let i = 0; i < RUNS; i++) {
    for (const [t, target] of targets.entries()) {
      const { painted, polled } = await firstRowOnce(browser, target);
      times[t].painted.push(painted);
      times[t].polled.push(polled);
    }
  }
  return times.map(({ painted, polled }) => ({
    painted: Math.round(median(painted)),
    polled: median(polled),
  }));
}

/* global window, history -- the init script and the evaluation run in the page */
/**
 * Signed out: a deep link → the frame that paints the login form (median ms, in the page) and the most history
 * writes (push or replace) in one run.
 */
async function timeToLoginForm(browser, url) {
  const times = [];
  let writes = 0;
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      window.__writes = 0;
      for (const name of ['pushState', 'replaceState']) {
        const write = history[name];
        history[name] = function (...args) {
          window.__writes += 1;
          return write.apply(this, args);
        };
      }
    });
    await context.addInitScript(watchFirstPaint, 'input[name="username"]');
    const page = await context.newPage();
    await page.goto(url);
    times.push(Math.round((await firstPaint(page, 60000)).painted));
    writes = Math.max(writes, await page.evaluate(() => window.__writes));
    await context.close();
  }
  return { ms: median(times), writes };
}

if (!process.env.BENCH_SKIP_BUILD) {
  if ((await run('npm', ['run', 'build'])) !== 0) process.exit(1);
}
if ((await run('node_modules/.bin/vite', ['build', '--config', 'bench/minimal/vite.config.mjs'])) !== 0)
  process.exit(1);

const apiPort = await freePort();
const basePort = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'pim-bench-'));
const api = spawn(process.execPath, apiArgs, {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(apiPort), HOST: '127.0.0.1', DATA_DIR: dataDir },
});
const baseline = await serveStatic('bench/.out/minimal', basePort);
const chromiumSettings = JSON.parse(readFileSync('tests/support/chromium.json', 'utf8'));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? chromiumSettings.executablePath,
  args: chromiumSettings.args,
});
try {
  const appUrl = `http://127.0.0.1:${apiPort}`;
  await waitForHttp(`${appUrl}/config.json`);
  // imported once the API is built (api-client.mjs reads the seed's demo admin)
  const { adminLogin } = await import('./api-client.mjs');
  const login = await adminLogin(appUrl);
  const session = {
    script: storeSession,
    arg: login,
  };

  const rows = [];
  if (!FIRST_ROW_ONLY) {
    const appLoginJs = await jsLoadedBy(browser, `${appUrl}/#/login`);
    const baseJs = await jsLoadedBy(browser, `http://127.0.0.1:${basePort}/#/posts`);
    const appTotal = gzipOfDir('dist/assets');
    const baseTotal = gzipOfDir('bench/.out/minimal/assets');
    rows.push(
      ['JS loaded by the first screen (gzip)', kb(appLoginJs), kb(baseJs), appLoginJs / baseJs],
      ['Whole build JS (gzip)', kb(appTotal), kb(baseTotal), appTotal / baseTotal],
    );
  }
  const [appRow, baseRow] = await timesToFirstRow(browser, [
    { url: `${appUrl}/#/productos`, init: session },
    { url: `http://127.0.0.1:${basePort}/#/posts` },
  ]);
  rows.push(
    [
      `Navigation → first row painted (in the page, median of ${RUNS})`,
      `${appRow.painted} ms`,
      `${baseRow.painted} ms`,
      appRow.painted / baseRow.painted,
    ],
    [
      `Navigation → first row seen by Playwright's polling (median of ${RUNS})`,
      `${appRow.polled} ms`,
      `${baseRow.polled} ms`,
      appRow.polled / baseRow.polled,
    ],
  );
  console.log(`\nMachine at the end of the first-row runs: ${hostLoad()}`);
  console.log('figure | PIM | minimal react-admin | ratio');
  for (const [name, a, b, ratio] of rows) console.log(`${name} | ${a} | ${b} | ${ratio.toFixed(2)}`);
  if (!FIRST_ROW_ONLY) {
    const signedOut = await timeToLoginForm(browser, `${appUrl}/#/productos/5`);
    console.log(
      `Signed out: deep link → login form painted (median of ${RUNS}) | ${signedOut.ms} ms, ${signedOut.writes} history write(s) | — | —`,
    );
    console.log(`Machine at the end of the login runs: ${hostLoad()}`);
  }
} finally {
  await browser.close();
  baseline.close();
  await stopByPid(api);
  rmSync(dataDir, { recursive: true, force: true });
}

// Feature benchmarks: every bench/*.bench.mjs runs on its own (each starts what it needs) and prints its figures
// (BENCH_FEATURES=0: the app's figures above only; BENCH_FEATURES=mass-edit,product-search: those files only).
const only = process.env.BENCH_FEATURES;
const wanted = (file) =>
  only === undefined || only === '' || only.split(',').some((name) => file === `${name.trim()}.bench.mjs`);
for (const file of readdirSync('bench')
  .filter((f) => f.endsWith('.bench.mjs') && wanted(f))
  .sort()) {
  console.log(`\n== ${file}`);
  await run('node', [path.join('bench', file)]);
}
