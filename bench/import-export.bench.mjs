// CSV import/export figures (printed, never asserted), with the app's own modules (loaded through Vite's SSR
// loader) against the compiled reference API started in-process (run `npm run build:server` first):
//  - parse + normalise 50,000 product rows: the parse worker's work (decode, parseCsv, prepare), rows/s;
//  - import 10,000 new products end to end (lookup, then one request and one transaction per batch of 200 new
//    products with their producto_general), rows/s, next to the API's raw create rate (POST /productos at the
//    same concurrency) and to the import one row at a time (2 POSTs per product, BENCH_ROW_ROWS rows) measured
//    in the same run, and a second run of the same file (all unchanged);
//  - export 50,000 rows page by page and write the CSV: seconds and peak memory;
//  - in Chromium, on the built app (dist/, when present): a 100,000-row file from dropped to its preview rows
//    shown (read, parsed and prepared in the worker, references checked, the first rows through the API's dry
//    run) and to every row checked (the count and the button), with the longest main-thread task ('longtask'
//    entries) of each stretch; and 10,000 new products (BENCH_UI_IMPORT_ROWS) imported through the page end to
//    end, file → report (preview with the API's dry run, then the import), rows/s, with the CPU time the API,
//    the database and Chromium spent on it (a figure the machine's load stretches less than the wall time).
// Switches: BENCH_PARSE_ROWS, BENCH_RAW_ROWS, BENCH_ROW_ROWS, BENCH_IMPORT_ROWS, BENCH_EXPORT_ROWS, BENCH_PREVIEW_ROWS
// (0 skips that figure) and BENCH_UI_IMPORT_ROWS set the sizes.
/* global window, document, DataTransfer -- used inside page.evaluate, in the browser */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { createServer } from 'vite';
import { storeSession } from './session.mjs';

const require = createRequire(import.meta.url);
const PARSE_ROWS = Number(process.env.BENCH_PARSE_ROWS ?? 50_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const RAW_ROWS = Number(process.env.BENCH_RAW_ROWS ?? 2_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 50_000);
const UI_IMPORT_ROWS = Number(process.env.BENCH_UI_IMPORT_ROWS ?? 10_000);
const ROW_ROWS = Number(process.env.BENCH_ROW_ROWS ?? 2_000);
const PREVIEW_ROWS = Number(process.env.BENCH_PREVIEW_ROWS ?? 100_000);
const tag = `BENCH${Date.now() % 100000}`;

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits });
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** CPU time (ms) of a process and its descendants, from /proc (Linux); 0 elsewhere. */
const cpuOfTree = (root) => {
  const ticks = (pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  const children = (pid) => {
    try {
      return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
        readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean),
      );
    } catch {
      return [];
    }
  };
  let total = 0;
  const walk = (pid) => {
    total += ticks(pid);
    for (const child of children(pid)) walk(child);
  };
  walk(root);
  return total * 10; // clock ticks of 10 ms
};

/** The CPU the API (this process), the embedded database and Chromium (its child processes) spend from now on. */
const processCpu = () => {
  const children = (match) => {
    try {
      return readdirSync(`/proc/${process.pid}/task`)
        .flatMap((tid) =>
          readFileSync(`/proc/${process.pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/),
        )
        .filter((pid) => pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(match));
    } catch {
      return [];
    }
  };
  const now = () => {
    const own = process.cpuUsage();
    return {
      api: (own.user + own.system) / 1000,
      database: children('pglite').reduce((sum, pid) => sum + cpuOfTree(pid), 0),
      chromium: children('chrom').reduce((sum, pid) => sum + cpuOfTree(pid), 0),
    };
  };
  const start = now();
  return {
    spent: () => {
      const end = now();
      return {
        api: end.api - start.api,
        database: end.database - start.database,
        chromium: end.chromium - start.chromium,
      };
    },
  };
};

const productCsv = (rows, prefix) => {
  const lines = ['nombre;categorias;familias;finalizado;sincronizarConBC;activoEnMarketplace;ordenAtributos'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `${prefix}-${i};Herramientas > Taladros ${i % 40};Familia ${i % 7};${i % 2 ? 'S' : 'N'};si;S;0`,
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
};

const vite = await createServer({
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const load = (path) => vite.ssrLoadModule(path);
const [prepareMod, mapping, runner, session, backendMod, api, csv, exporter, loopback, http, registry] =
  await Promise.all(
    ['prepare', 'mapping', 'runner', 'parseSession', 'backend', 'api']
      .map((name) => load(`/src/custom/importExport/${name}.ts`))
      .concat([
        load('/src/core/csv/csv.ts'),
        load('/src/resources/generic/csvExport/exporter.ts'),
        load('/src/dataProvider/loopback.ts'),
        load('/src/dataProvider/http.ts'),
        load('/src/resources/registry.ts'),
      ]),
  );
const productos = registry.schemaForTable('productos');

// ---- 1. parse + normalise (what the worker does), through the worker's own session ----
{
  const bytes = new TextEncoder().encode(productCsv(PARSE_ROWS, `${tag}-PARSE`));
  const t0 = performance.now();
  let summary;
  let prepared = 0;
  const handle = session.createParseSession((message) => {
    if (message.type === 'parsed') summary = message.summary;
    if (message.type === 'rows') prepared += message.rows.length;
  });
  await handle({ type: 'parse', id: 1, bytes: bytes.buffer, fileName: 'productos_PIM.csv' });
  const mappings = mapping.autoMap(productos, summary.headers);
  await handle({ type: 'prepare', id: 2, schema: productos, mappings });
  const ms = performance.now() - t0;
  console.log(
    `parse + normalise ${fmt(prepared)} product rows: ${fmt(ms)} ms → ${fmt((prepared * 1000) / ms)} rows/s`,
  );
}

// ---- the API ----
const { startServer } = require('../dist-server/server/application.js');
const { DEMO_ADMIN } = require('../dist-server/server/seed/index.js');
const appDir = process.env.STATIC_DIR ?? 'dist';
const withApp = existsSync(`${appDir}/index.html`);
const server = await startServer({ port: 0, seed: true, ...(withApp ? { staticDir: appDir } : {}) });
try {
  const login = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  }).then((r) => r.json());
  const httpClient = http.createHttpClient({
    getAccessToken: () => login.accessToken,
    refresh: async () => null,
    onAuthFailure: () => undefined,
  });
  const provider = {
    ...loopback.loopbackDataProvider(server.url, httpClient, { getEmpresaId: () => 1 }),
    ...api.importExportMethods(server.url, httpClient, () => 1),
  };
  const backend = backendMod.backendFromDataProvider(provider, () => 1);

  // ---- 2a. raw create rate: POST /productos, same concurrency as the import ----
  const concurrency = runner.DEFAULT_CONCURRENCY;
  let rawRate;
  {
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < RAW_ROWS) {
          const i = next++;
          const res = await fetch(`${server.url}/productos`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${login.accessToken}` },
            body: JSON.stringify({ empresaId: 1, nombre: `${tag}-RAW-${i}` }),
          });
          if (res.status !== 200) throw new Error(`raw create ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
        }
      }),
    );
    const ms = performance.now() - t0;
    rawRate = (RAW_ROWS * 1000) / ms;
    console.log(
      `API raw create (POST /productos, ${concurrency} at a time): ${fmt(RAW_ROWS)} in ${fmt(ms)} ms → ${fmt(rawRate)} rows/s`,
    );
  }

  // the categories and families the files name exist in the company (references must exist)
  for (let i = 0; i < 40; i++) {
    await provider.create('categorias', {
      data: { codigo: `${tag}-C${i}`, nombre: `Herramientas > Taladros ${i}` },
    });
  }
  for (let i = 0; i < 7; i++) {
    await provider.create('familias', { data: { codigo: `${tag}-F${i}`, nombre: `Familia ${i}` } });
  }

  // ---- 2b. import one row at a time (what the import did before batch writes), for comparison ----
  if (ROW_ROWS > 0) {
    const text = productCsv(ROW_ROWS, `${tag}-ROW`);
    const parsed = csv.parseCsv(text);
    const rows = prepareMod.prepareRows(
      productos,
      parsed.records,
      mapping.autoMap(productos, parsed.headers),
    );
    const oneByOne = backendMod.backendFromDataProvider(provider, () => 1, { createBatch: false });
    const t0 = performance.now();
    const report = await runner.runImport({ schema: productos, rows, backend: oneByOne, empresaId: 1 });
    const ms = performance.now() - t0;
    console.log(
      `import ${fmt(ROW_ROWS)} new products one row at a time (2 POSTs per product): ${fmt(ms)} ms → ` +
        `${fmt((report.created * 1000) / ms)} rows/s; created ${fmt(report.created)}, rejected ${fmt(report.rejected)}`,
    );
  }

  // ---- 2c. import end to end ----
  if (IMPORT_ROWS > 0) {
    const text = productCsv(IMPORT_ROWS, `${tag}-IMP`);
    const parsed = csv.parseCsv(text);
    const mappings = mapping.autoMap(productos, parsed.headers);
    const rows = prepareMod.prepareRows(productos, parsed.records, mappings);
    const t0 = performance.now();
    const report = await runner.runImport({ schema: productos, rows, backend, empresaId: 1 });
    const ms = performance.now() - t0;
    const rate = (report.created * 1000) / ms;
    console.log(
      `import ${fmt(IMPORT_ROWS)} new products (+ producto_general each): ${fmt(ms)} ms → ${fmt(rate)} rows/s` +
        ` (${(rate / rawRate).toFixed(2)}× the raw create rate; one request per batch of new products);` +
        ` created ${fmt(report.created)},` +
        ` rejected ${fmt(report.rejected)}`,
    );
    const t1 = performance.now();
    const again = await runner.runImport({ schema: productos, rows, backend, empresaId: 1 });
    const ms2 = performance.now() - t1;
    console.log(
      `same file again: ${fmt(ms2)} ms → ${fmt((IMPORT_ROWS * 1000) / ms2)} rows/s; unchanged ${fmt(again.unchanged)},` +
        ` created ${again.created}, updated ${again.updated}`,
    );
  }

  // ---- 3. export 50,000 rows ----
  if (EXPORT_ROWS > 0) {
    const repo = server.repositories.repository('productos');
    const { count } = await repo.count({ empresaId: 1 });
    const missing = Math.max(0, EXPORT_ROWS - count);
    for (let start = 0; start < missing; start += 5000) {
      const batch = Array.from({ length: Math.min(5000, missing - start) }, (_, i) => ({
        empresaId: 1,
        nombre: `${tag}-EXP-${start + i}`,
        categorias: 'Bench',
        familias: 'Bench; Export',
        imagen: `multimedia/${tag}-EXP-${start + i}/800x600_a.png`,
      }));
      await repo.createAll(batch);
    }
    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);
    const t0 = performance.now();
    const rows = await exporter.exportRows(provider, productos);
    const file = exporter.exportFile(productos, rows);
    const ms = performance.now() - t0;
    clearInterval(sampler);
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    console.log(
      `export ${fmt(rows.length)} rows (requests of ${fmt(exporter.EXPORT_PAGE_SIZE)} rows) to ${file.fileName}: ` +
        `${(ms / 1000).toFixed(2)} s, ${mb(file.text.length)} of CSV; peak RSS ${mb(peakRss)} ` +
        `(+${mb(peakRss - base.rss)}), peak heap +${mb(peakHeap - base.heapUsed)} (API in the same process)`,
    );
  }

  // ---- 4. the page in Chromium: longest main-thread task (the worker keeps the page responsive) ----
  if (!withApp) {
    console.log(`(no built app in ${appDir}/: run \`npm run build:app\` for the in-browser figures)`);
  } else {
    const { chromium } = await import('@playwright/test');
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    try {
      const context = await browser.newContext();
      await context.addInitScript(storeSession, login);
      await context.addInitScript(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      const page = await context.newPage();
      await page.goto(`${server.url}/#/importar-csv`);
      await page.getByTestId('import-file').waitFor({ state: 'attached', timeout: 30_000 });
      const longest = () => page.evaluate(() => Math.max(0, ...window.__longTasks.splice(0)));
      await longest();
      // The file reaches the page as a fetched Blob dropped into the input, so Playwright's own base64
      // injection (setInputFiles) is not counted as the page's work.
      const files = new Map();
      await page.route('**/bench-files/*', (route) =>
        route.fulfill({ body: files.get(route.request().url().split('/').pop()), contentType: 'text/csv' }),
      );
      const drop = (name, text) => {
        files.set(name, text);
        return page.evaluate(async (file) => {
          const blob = await (await fetch(`/bench-files/${file}`)).blob();
          const transfer = new DataTransfer();
          transfer.items.add(new File([blob], 'productos_PIM.csv', { type: 'text/csv' }));
          const input = document.querySelector('[data-testid="import-file"]');
          input.files = transfer.files;
          input.dispatchEvent(new Event('change', { bubbles: true }));
        }, name);
      };
      if (PREVIEW_ROWS > 0) {
        const t0 = performance.now();
        await drop('big.csv', productCsv(PREVIEW_ROWS, `${tag}-UI`));
        await page
          .getByRole('table', { name: 'Vista previa de las primeras filas' })
          .locator('tbody tr')
          .first()
          .waitFor({ timeout: 120_000 });
        const shownMs = performance.now() - t0;
        const shownTask = await longest();
        await page.getByTestId('prepared-summary').waitFor({ timeout: 600_000 });
        const checkedMs = performance.now() - t0;
        console.log(
          `browser: ${fmt(PREVIEW_ROWS)}-row file → preview rows shown (read, parsed and prepared in the worker, references ` +
            `checked, the first rows through the API's dry run) in ${fmt(shownMs)} ms, longest main-thread task ` +
            `${fmt(shownTask)} ms; every row through the dry run (count and button) after ${fmt(checkedMs)} ms, ` +
            `longest task meanwhile ${fmt(await longest())} ms`,
        );
      }
      const cpu = processCpu();
      // file → report: the file dropped, previewed (parse, references, the API's dry run), imported, reported
      const t1 = performance.now();
      await drop('small.csv', productCsv(UI_IMPORT_ROWS, `${tag}-UI2`));
      const es = UI_IMPORT_ROWS.toLocaleString('es-ES');
      await page
        .getByTestId('prepared-summary')
        .filter({ hasText: `${es} filas correctas` })
        .waitFor({ timeout: 600_000 });
      const previewMs = performance.now() - t1;
      const previewTask = await longest();
      const t2 = performance.now();
      await page.getByRole('button', { name: `Importar ${es} filas` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Importar' }).click();
      await page.getByTestId('import-report').waitFor({ timeout: 600_000 });
      const importMs = performance.now() - t2;
      const totalMs = performance.now() - t1;
      const spent = cpu.spent();
      console.log(
        `browser: ${fmt(UI_IMPORT_ROWS)} new products, file → report in ${fmt(totalMs)} ms → ` +
          `${fmt((UI_IMPORT_ROWS * 1000) / totalMs)} rows/s (preview with the API's dry run ${fmt(previewMs)} ms, ` +
          `longest task ${fmt(previewTask)} ms; import ${fmt(importMs)} ms → ${fmt((UI_IMPORT_ROWS * 1000) / importMs)} rows/s, ` +
          `longest task ${fmt(await longest())} ms)`,
      );
      console.log(
        `  CPU time of that run (load-independent): API ${fmt(spent.api)} ms (in this process, with the bench), ` +
          `database ${fmt(spent.database)} ms, Chromium ${fmt(spent.chromium)} ms (all its processes)`,
      );
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
  await vite.close();
}
