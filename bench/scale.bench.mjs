// Scale: the reference API at BENCH_PRODUCTS products (default 10,000; e.g. BENCH_PRODUCTS=100000) of company 1,
// with a general record each, attributes for 30 %, a generated text for 20 % and catalogue links for 50 %,
// inserted in bulk with SQL (not through the API). On the embedded database (PGlite) and, when `mariadbd` is
// installed, on MariaDB side by side. The API runs as `npm start` runs it (its own process, PGlite in a child
// process). Medians of BENCH_RUNS. Figures only: nothing here passes or fails.
// BENCH_ENGINES=embedded (or mariadb) measures one engine only; BENCH_DATA_DIR keeps the embedded database's
// filled data folder there and measures it again on later runs without filling it anew.
// The figures are those of a served API in its steady state: after the first PATCHes (timed as «cold»), a
// warm-up of BENCH_WARMUP_S seconds (default 12; 0: none) of the requests measured below. A freshly started API
// runs its first few hundred requests 2-4x slower: V8 compiles the hot code of the API and of the embedded
// database's PostgreSQL (WebAssembly) with its optimising compiler only once that code has run a while.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, stopByPid } from '../tests/support/run.mjs';
import { apiArgs } from './api-command.mjs';
import { hostLoad } from './host-load.mjs';

const require = createRequire(import.meta.url);
const { startServer } = require('../dist-server/server/application.js');
const { DEMO_ADMIN } = require('../dist-server/server/seed/index.js');

const N = Number(process.env.BENCH_PRODUCTS ?? 10000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BATCH = 1000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const q = (value) => encodeURIComponent(JSON.stringify(value));
const ms = (t0) => Math.round((performance.now() - t0) * 10) / 10;

const ENGINES = (process.env.BENCH_ENGINES ?? 'embedded,mariadb').split(',');
const KEEP_DIR = process.env.BENCH_DATA_DIR;
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 12);
const hasMariaDb = (() => {
  try {
    execFileSync('which', ['mariadbd'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** A memory figure (MB) of one process from a /proc file's `<field>: <n> kB` line, 0 when it has gone. */
function procMb(pid, file, field) {
  try {
    const line = readFileSync(`/proc/${pid}/${file}`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`));
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory (MB) of one process. */
const rssOf = (pid) => procMb(pid, 'status', 'VmRSS');

/** The child processes of a process (the API's database process). */
function childrenOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * Proportional memory (MB) of one process: its resident pages, each shared page divided among the processes
 * mapping it. The API and its database process both map Node's own code (some 44 MB each): the sum of their RSS
 * counts it twice, the sum of their PSS once, which is what the two cost the machine.
 */
const pssOf = (pid) => procMb(pid, 'smaps_rollup', 'Pss');

/** All the descendants of a process (the embedded database's process). */
function descendantsOf(pid) {
  const all = [];
  for (let queue = childrenOf(pid); queue.length;) {
    const p = queue.shift();
    all.push(p);
    queue.push(...childrenOf(p));
  }
  return all;
}

/** Resident memory (MB) of the API process and of its children (the embedded database's process). */
function rssSplit(pid) {
  const all = descendantsOf(pid);
  return { api: rssOf(pid), db: all.reduce((sum, p) => sum + rssOf(p), 0) };
}

/** CPU time (ms) a process has used so far (user + system). */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time (ms) used so far by the API process and by its children (the embedded database's process). */
function cpuOfBoth(pid) {
  return { api: cpuMsOf(pid), db: childrenOf(pid).reduce((t, p) => t + cpuMsOf(p), 0) };
}

/** The CPU figures of `count` operations since `before` (cpuOfBoth), per operation, ms to the hundredth. */
function cpuPerOperation(pid, before, count, what) {
  const now = cpuOfBoth(pid);
  const per = (used) => Math.round((used / Math.max(1, count)) * 100) / 100;
  return {
    [`  API CPU per ${what} (ms)`]: per(now.api - before.api),
    [`  database CPU per ${what} (ms)`]: per(now.db - before.db),
  };
}

/** Inserts the scale rows with multi-row INSERTs through the datasource's connector (either engine). */
async function fillDatabase(server) {
  const ds = server.repositories.repository('productos').dataSource;
  const connector = ds.connector;
  const exec = (sql, params = []) => ds.execute(sql, params);
  const t = (model) => connector.tableEscaped(model);
  const c = (model, prop) => connector.columnEscaped(model, prop);
  const maxId = async (model, prop = 'id') =>
    Number(Object.values((await exec(`SELECT MAX(${c(model, prop)}) AS m FROM ${t(model)}`))[0])[0] ?? 0);
  const insert = async (model, props, rows) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      const chunk = rows.slice(i, i + BATCH);
      const params = [];
      const values = chunk.map((row) => `(${row.map((v) => (params.push(v), '?')).join(',')})`);
      const stmt = connector.parameterize({
        sql: `INSERT INTO ${t(model)} (${props.map((p) => c(model, p)).join(',')}) VALUES ${values.join(',')}`,
        params,
      });
      await exec(stmt.sql, stmt.params);
    }
  };
  const firstProduct = (await maxId('Producto')) + 1;
  const ids = Array.from({ length: N }, (_, i) => firstProduct + i);
  const categories = ['HER', 'TOR', 'JAR', 'ELE', 'FON'];
  await insert(
    'Producto',
    ['id', 'empresaId', 'nombre', 'categorias', 'activoEnMarketplace', 'finalizado'],
    ids.map((id, i) => [id, 1, `Producto escala ${i} ${categories[i % 5]}`, categories[i % 5], 'S', 'N']),
  );
  const firstGeneral = (await maxId('ProductoGeneral')) + 1;
  await insert(
    'ProductoGeneral',
    ['id', 'productoId', 'titulo', 'marca', 'ean', 'descripcion'],
    ids.map((id, i) => [
      firstGeneral + i,
      id,
      `Título ${i}`,
      `Marca ${i % 50}`,
      String(8400000000000 + i),
      'Texto '.repeat(20),
    ]),
  );
  const firstAttr = (await maxId('ProductoAtributo')) + 1;
  const attrs = ids.filter((_, i) => i % 10 < 3).flatMap((id) => [1, 2, 3].map((a) => [id, a]));
  await insert(
    'ProductoAtributo',
    ['id', 'productoId', 'atributoId', 'nombre', 'valor'],
    attrs.map(([id, a], i) => [firstAttr + i, id, a, `Atributo ${a}`, `Valor ${i % 97}`]),
  );
  const [prompt] = await server.repositories.repository('MarketPlacePrompts').find({ limit: 1 });
  const firstText = (await maxId('TextoGenerado')) + 1;
  if (prompt) {
    await insert(
      'TextoGenerado',
      ['id', 'productoId', 'marketplacePromptId', 'marketplaceId', 'idioma', 'campo', 'texto', 'revisado_sn'],
      ids
        .filter((_, i) => i % 5 === 0)
        .map((id, i) => [
          firstText + i,
          id,
          prompt.id,
          prompt.marketplaceId,
          'es',
          'titulo',
          `Texto generado ${i}`,
          'N',
        ]),
    );
  }
  const [catalogue] = await server.repositories
    .repository('catalogos')
    .find({ where: { empresaId: 1 }, limit: 1 });
  const firstLink = (await maxId('CatalogoProducto')) + 1;
  if (catalogue) {
    await insert(
      'CatalogoProducto',
      ['id', 'catalogoId', 'productoId'],
      ids.filter((_, i) => i % 2 === 0).map((id, i) => [firstLink + i, catalogue.Id, id]),
    );
  }
  // PostgreSQL sequences do not move past explicit ids by themselves (MySQL's AUTO_INCREMENT does).
  if (connector.name === 'postgresql') {
    for (const model of [
      'Producto',
      'ProductoGeneral',
      'ProductoAtributo',
      'TextoGenerado',
      'CatalogoProducto',
    ]) {
      const id = connector.idColumn(model);
      await exec(
        `SELECT setval(pg_get_serial_sequence('${t(model)}', '${id}'), (SELECT MAX(${c(model, 'id')}) FROM ${t(model)}))`,
      );
    }
  }
}

async function spawnApi(env) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, apiArgs, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the API exited at start');
    try {
      if ((await fetch(`${url}/config.json`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { child, url, startMs: ms(t0) };
}

/**
 * The requests measured, sent for WARMUP_S seconds by 6 connections (autocannon, one after another on each):
 * pages, counts, name searches, a PATCH of one product and a create.
 */
async function warmUp(url, headers, productId, stamp) {
  let sent = 0;
  const result = await autocannon({
    url,
    connections: 6,
    headers,
    duration: WARMUP_S,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: `/productos?filter=${q({ where: { empresaId: 1 }, order: ['id ASC'], limit: 25, skip: ((sent++ % 20) * 25) % N })}`,
        }),
      },
      { method: 'GET', path: `/productos/count?where=${q({ empresaId: 1 })}` },
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: `/productos?filter=${q({ where: { empresaId: 1, nombre: { like: `%escala ${sent % 10}7%` } }, limit: 25 })}`,
        }),
      },
      {
        method: 'PATCH',
        path: `/productos/${productId}`,
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ enviarAecoc: sent % 2 ? 'S' : 'N' }),
        }),
      },
      {
        method: 'POST',
        path: '/productos',
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ empresaId: 1, nombre: `Calentamiento escala ${stamp}-${sent++}` }),
        }),
      },
    ],
  });
  if (result.non2xx || result.errors) throw new Error(`warm-up: ${result.non2xx + result.errors} failed`);
}

async function measure(env) {
  const api = await spawnApi(env);
  const figures = { 'API start (ms)': api.startMs };
  try {
    const login = await fetch(`${api.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    }).then((r) => r.json());
    const headers = { Authorization: `Bearer ${login.accessToken}`, 'Content-Type': 'application/json' };
    const get = (p) =>
      fetch(`${api.url}${p}`, { headers }).then(async (r) => {
        await r.arrayBuffer();
        if (!r.ok) throw new Error(`GET ${p}: ${r.status}`);
      });
    // `run` may answer its own time (what it did before timing itself is left out).
    const timedMedian = async (run) => {
      const times = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        const own = await run(i);
        times.push(typeof own === 'number' ? own : ms(t0));
      }
      return median(times);
    };
    const [one] = await fetch(`${api.url}/productos?filter=${q({ where: { empresaId: 1 }, limit: 1 })}`, {
      headers,
    }).then((r) => r.json());
    const page = { where: { empresaId: 1 }, order: ['id DESC'], limit: 25, skip: 50 };
    const stamp = Date.now().toString(36);
    const patch = async (body) => {
      const r = await fetch(`${api.url}/productos/${one.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify(body),
      });
      if (r.status !== 204) throw new Error(`PATCH: ${r.status}`);
    };
    // Right after the start, before anything has warmed the code up.
    figures['one PATCH, cold (ms)'] = await timedMedian((i) => patch({ enviarAecoc: i % 2 ? 'S' : 'N' }));
    if (WARMUP_S > 0) await warmUp(api.url, headers, one.id, stamp);
    figures['list+count (ms)'] = await timedMedian(() =>
      Promise.all([get(`/productos?filter=${q(page)}`), get(`/productos/count?where=${q(page.where)}`)]),
    );
    // The count again after each write (the embedded database keeps counts only until a write).
    figures['count after a write (ms)'] = await timedMedian(async (i) => {
      const r = await fetch(`${api.url}/productos/${one.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ nombre: `Producto escala recontado ${Date.now().toString(36)}-${i}` }),
      });
      if (r.status !== 204) throw new Error(`PATCH: ${r.status}`);
      const t0 = performance.now();
      await get(`/productos/count?where=${q(page.where)}`);
      return ms(t0);
    });
    // The list as the app opens it: the schema's default sort (nombre), a company + sort index.
    const byName = { where: { empresaId: 1 }, order: ['nombre ASC'], limit: 25, skip: 50 };
    figures['list by name, page 3 (ms)'] = await timedMedian(() => get(`/productos?filter=${q(byName)}`));
    figures['name like (ms)'] = await timedMedian((i) =>
      get(
        `/productos?filter=${q({ where: { empresaId: 1, nombre: { like: `%escala ${i}7%` } }, limit: 25 })}`,
      ),
    );
    // A field of the product, as the editor saves one (the product's history records it).
    figures['one PATCH (ms)'] = await timedMedian((i) => patch({ enviarAecoc: i % 2 ? 'S' : 'N' }));
    // What each process spends on one (100 in a row): steadier than the time on a loaded machine.
    const patchCpu = cpuOfBoth(api.child.pid);
    for (let i = 0; i < 100; i++) await patch({ enviarAecoc: i % 2 ? 'S' : 'N' });
    Object.assign(figures, cpuPerOperation(api.child.pid, patchCpu, 100, 'PATCH'));
    // A new SKU: the references to the old one follow (substitutes, spare parts, assemblies, ranges) and the
    // product's image files are renamed. Unique names, also on a kept data folder measured again.
    figures['SKU rename PATCH (ms)'] = await timedMedian((i) =>
      patch({ nombre: `Producto escala renombrado ${stamp}-${i}` }),
    );
    const memory = rssSplit(api.child.pid);
    figures['API memory (MB)'] = Math.round(memory.api + memory.db);
    figures['  API process (MB)'] = Math.round(memory.api);
    figures['  database process (MB)'] = Math.round(memory.db);
    figures['  both, shared pages once (PSS, MB)'] = Math.round(
      [api.child.pid, ...descendantsOf(api.child.pid)].reduce((sum, p) => sum + pssOf(p), 0),
    );
    const peak = { all: 0, api: 0, db: 0 };
    const sampler = setInterval(() => {
      const now = rssSplit(api.child.pid);
      peak.all = Math.max(peak.all, now.api + now.db);
      peak.api = Math.max(peak.api, now.api);
      peak.db = Math.max(peak.db, now.db);
    }, 50);
    const feed0 = performance.now();
    await get('/generarExcelShoppingfeed?empresaId=1');
    clearInterval(sampler);
    figures['shopping feed (ms)'] = ms(feed0);
    figures['shopping feed peak (MB)'] = Math.round(peak.all);
    figures['  API process peak (MB)'] = Math.round(peak.api);
    figures['  database process peak (MB)'] = Math.round(peak.db);
    figures['AI review first page (ms)'] = await timedMedian(() =>
      get('/obtenerRegistrosVistaMarketPlaceProductoGeneral?limit=25'),
    );
    figures['AI review, category filter (ms)'] = await timedMedian(() =>
      get('/obtenerRegistrosVistaMarketPlaceProductoGeneral?categoria=HER&revision=No%20revisado&limit=25'),
    );
    figures['AI review whole list (ms)'] = await timedMedian(() =>
      get('/obtenerRegistrosVistaMarketPlaceProductoGeneral'),
    );
    figures['B2B first page (ms)'] = await timedMedian(() =>
      get('/B2bProductos/obtenerProductosFiltrados?limit=25'),
    );
    figures['B2B search page (ms)'] = await timedMedian(() =>
      get('/B2bProductos/obtenerProductosFiltrados?filtro1=escala%2042&limit=25&skip=25'),
    );
    // Load from autocannon (the field's HTTP load tool): its client costs about 0.2 ms of CPU per request where
    // fetch cost 1 ms, on the same two cores as the API and its database.
    const load = (connections, request, limit) =>
      autocannon({ url: api.url, connections, headers, ...limit, requests: [request] });
    // Raw creates: 6 concurrent writers.
    const creates = Math.min(600, N / 10);
    let made = 0;
    // Timed from the start to the last answer: autocannon's own duration of an `amount` run ends on its
    // one-second tick (600 creates in 4.03 or 5.00 s: 149 or 120 rows/s).
    const createCpu = cpuOfBoth(api.child.pid);
    const createsFrom = performance.now();
    let lastCreated = createsFrom;
    const created = await load(
      6,
      {
        method: 'POST',
        path: '/productos',
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ empresaId: 1, nombre: `Alta escala ${stamp}-${made++}` }),
        }),
        onResponse: () => {
          lastCreated = performance.now();
        },
      },
      { amount: creates },
    );
    if (created.non2xx || created.errors)
      throw new Error(`POST /productos: ${created.non2xx + created.errors} failed`);
    figures['POST /productos rows/s (6 conc.)'] = Math.round(
      creates / (Math.max(1, lastCreated - createsFrom) / 1000),
    );
    Object.assign(figures, cpuPerOperation(api.child.pid, createCpu, creates, 'create'));
    // 25-row pages, 20 connections, 3 s after 3 s of the same load (the rate still rose for some seconds after
    // the warm-up's 6 connections: 486, 543, 607 per second in three rounds in a row); with the CPU time each
    // process spent per page (the machine's load changes the rate, much less the CPU a page costs).
    let asked = 0;
    const pageRequest = {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: `/productos?filter=${q({ where: { empresaId: 1 }, order: ['id ASC'], limit: 25, skip: ((asked++ % 20) * 25) % N })}`,
      }),
    };
    if (WARMUP_S > 0) await load(20, pageRequest, { duration: 3 });
    const pageCpu = cpuOfBoth(api.child.pid);
    const paged = await load(20, pageRequest, { duration: 3 });
    if (paged.non2xx || paged.errors) throw new Error(`25-row pages: ${paged.non2xx + paged.errors} failed`);
    const pages = paged.requests.total;
    figures['25-row page req/s (20 conn.)'] = Math.round(pages / paged.duration);
    Object.assign(figures, cpuPerOperation(api.child.pid, pageCpu, pages, 'page'));
  } finally {
    await stopByPid(api.child, 20000);
  }
  return figures;
}

async function engine(name, env, serverOptions) {
  const t0 = performance.now();
  const server = await startServer({ port: 0, host: '127.0.0.1', seed: true, ...serverOptions });
  try {
    await fillDatabase(server);
  } finally {
    await server.stop();
  }
  console.log(`  ${name}: ${N} products inserted in ${Math.round(ms(t0) / 1000)} s`);
  return measure(env);
}

console.log(`\nScale (${N} products, medians of ${RUNS}); machine at the start: ${hostLoad()}`);
const results = {};
if (ENGINES.includes('embedded')) {
  const dataDir = KEEP_DIR ?? mkdtempSync(path.join(tmpdir(), 'pim-scale-'));
  try {
    results.embedded = existsSync(path.join(dataDir, 'pgdata'))
      ? await measure({ DATA_DIR: dataDir })
      : await engine('embedded (PGlite)', { DATA_DIR: dataDir }, { dataDir });
  } finally {
    if (!KEEP_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}
if (ENGINES.includes('mariadb') && hasMariaDb) {
  const { startMariaDb } = await import('../tests/support/mariadb.mjs');
  const db = await startMariaDb('pim_scale');
  try {
    const dir = mkdtempSync(path.join(tmpdir(), 'pim-scale-my-'));
    results.mariadb = await engine(
      'MariaDB',
      { DATABASE_URL: db.url, DATA_DIR: dir },
      { databaseUrl: db.url },
    );
    rmSync(dir, { recursive: true, force: true });
  } finally {
    await db.stop();
  }
} else if (ENGINES.includes('mariadb')) {
  console.log('  (no mariadbd on this machine: MariaDB column skipped)');
}
const engines = Object.keys(results);
console.log(`Machine at the end: ${hostLoad()}`);
console.log(['figure'.padEnd(34), ...engines.map((e) => e.padStart(10))].join(''));
for (const figure of Object.keys(results[engines[0]] ?? {})) {
  console.log([figure.padEnd(34), ...engines.map((e) => String(results[e][figure]).padStart(10))].join(''));
}
