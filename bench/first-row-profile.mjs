// Where the product list's opening spends the page's main thread: a CPU profile (Chromium's CDP Profiler) from
// navigation to the first product row, signed in as the admin, in headless Chromium. Prints the requests of the
// last run with their times, then self time per package, module and function (mapped to the sources through the
// build's source maps) and inclusive time of the app's and react-admin's functions, averaged over the runs.
// Needs `npx vite build --sourcemap` and `npm run build:server` first. Usage: node bench/first-row-profile.mjs [runs]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { freePort, stopByPid, waitForHttp } from '../tests/support/run.mjs';
import { storeSession } from './session.mjs';
import { apiArgs } from './api-command.mjs';

const RUNS = Number(process.argv[2] ?? 3);
const apiPort = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'pim-prof-'));
const api = spawn(process.execPath, apiArgs, {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(apiPort), HOST: '127.0.0.1', DATA_DIR: dataDir },
});
const settings = JSON.parse(readFileSync('tests/support/chromium.json', 'utf8'));
const browser = await chromium.launch({ executablePath: settings.executablePath, args: settings.args });
const appUrl = `http://127.0.0.1:${apiPort}`;
const maps = new Map();
const mapFor = (url) => {
  if (!url.startsWith(appUrl)) return null;
  if (maps.has(url)) return maps.get(url);
  const file = path.join('dist', new URL(url).pathname + '.map');
  const m = existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null;
  maps.set(url, m);
  return m;
};
const moduleOf = (src) => {
  if (!src) return '?';
  const i = src.lastIndexOf('node_modules/');
  if (i >= 0) {
    const rest = src.slice(i + 13).split('/');
    const pkg = rest[0].startsWith('@') ? rest.slice(0, 2).join('/') : rest[0];
    return `${pkg}/${rest.slice(rest[0].startsWith('@') ? 2 : 1).join('/')}`;
  }
  return src.replace(/^(\.\.\/)+/, '');
};
try {
  await waitForHttp(`${appUrl}/config.json`);
  const { adminLogin } = await import('./api-client.mjs');
  const login = await adminLogin(appUrl);
  const byModule = new Map();
  const byFn = new Map();
  const inclusive = new Map();
  const byPkg = new Map();
  let totalMs = 0;
  let idleMs = 0;
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    await context.addInitScript(storeSession, login);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const reqs = [];
    const t0 = Date.now();
    page.on('request', (r) => reqs.push([Date.now() - t0, 'req', r.url().replace(appUrl, '')]));
    page.on('response', (r) => reqs.push([Date.now() - t0, 'res', r.url().replace(appUrl, '')]));
    await page.goto(`${appUrl}/#/productos`);
    await page.waitForSelector('tbody tr', { timeout: 30000 });
    const ms = Date.now() - t0;
    times.push(ms);
    const { profile } = await cdp.send('Profiler.stop');
    if (run === RUNS - 1) {
      const file = path.join(dataDir, 'last.cpuprofile'); // opens in Chromium's DevTools (Performance)
      writeFileSync(file, JSON.stringify(profile));
      console.log(`profile of the last run: ${file}`);
      console.log(reqs.map((r) => r.join(' ')).join('\n'));
    }
    // self time per node from samples
    const dt = new Map();
    for (let i = 0; i < profile.samples.length; i++) {
      const id = profile.samples[i];
      dt.set(id, (dt.get(id) ?? 0) + profile.timeDeltas[i] / 1000);
    }
    // inclusive time per mapped function (a function counted once per stack)
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const label = (n) => {
      const cf = n.callFrame;
      const m = mapFor(cf.url);
      if (!m) return null;
      const pos = originalPositionFor(m, { line: cf.lineNumber + 1, column: cf.columnNumber });
      return `${pos.name ?? cf.functionName} @ ${moduleOf(pos.source)}:${pos.line}`;
    };
    const labels = new Map();
    for (const n of profile.nodes) labels.set(n.id, label(n));
    for (const [id, t] of dt) {
      const seen = new Set();
      for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
        const l = labels.get(cur);
        if (l && !seen.has(l)) {
          seen.add(l);
          inclusive.set(l, (inclusive.get(l) ?? 0) + t);
        }
      }
    }
    for (const node of profile.nodes) {
      const t = dt.get(node.id) ?? 0;
      if (!t) continue;
      totalMs += t;
      const cf = node.callFrame;
      if (cf.functionName === '(idle)') {
        idleMs += t;
        continue;
      }
      let src = cf.url ? cf.url.replace(appUrl, '') : `(${cf.functionName})`;
      let name = cf.functionName;
      const m = mapFor(cf.url);
      if (m) {
        const pos = originalPositionFor(m, { line: cf.lineNumber + 1, column: cf.columnNumber });
        src = pos.source ?? src;
        name = pos.name ?? name;
      }
      const mod = moduleOf(src);
      byModule.set(mod, (byModule.get(mod) ?? 0) + t);
      const pkg =
        mod.includes('/') && !mod.startsWith('src/')
          ? mod
              .split('/')
              .slice(0, mod.startsWith('@') ? 2 : 1)
              .join('/')
          : mod.startsWith('src/')
            ? 'src'
            : mod;
      byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + t);
      const key = `${name || '(anon)'} @ ${mod}:${cf.lineNumber}`;
      byFn.set(key, (byFn.get(key) ?? 0) + t);
    }
    await context.close();
  }
  const top = (m, n) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${(v / RUNS).toFixed(1).padStart(8)} ms  ${k}`)
      .join('\n');
  console.log(
    `times ${times.join(' ')}; per run: total ${(totalMs / RUNS).toFixed(0)} ms, idle ${(idleMs / RUNS).toFixed(0)} ms`,
  );
  console.log('\n== by package ==\n' + top(byPkg, 25));
  console.log('\n== by module ==\n' + top(byModule, 45));
  console.log('\n== by function ==\n' + top(byFn, 45));
  const app = new Map([...inclusive].filter(([k]) => /@ (src\/|ra-ui-materialui|ra-core)/.test(k)));
  console.log('\n== inclusive, app and react-admin functions ==\n' + top(app, 70));
} finally {
  await browser.close();
  await stopByPid(api);
}
