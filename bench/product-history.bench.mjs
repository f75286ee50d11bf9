// Product history: figures for «Historial» with N products × V versions each (BENCH_HISTORY_N, default 2,000;
// BENCH_HISTORY_VERSIONS, default 10; the figure the issue names is 100,000 × 10), against the reference API
// started in-process from dist-server (run `npm run build:server` first; `npm run bench` does). Embedded store
// (or MariaDB with PIM_DATABASE_URL). Printed: GET /productos/{id}/versiones (the tab opening) for a product
// in the middle of the table, a product save that records a version, and the purge of the versions older than
// the retention (all but the newest of each product are dated two days back, and company 1 keeps one day just
// before the purge — not before, so the API's own purge at start leaves them). The save is also timed with the
// history's hook off, for the ratio. Figures only: nothing here passes or fails.
import { createRequire } from 'node:module';
import { adminClient, median } from './api-client.mjs';

const require = createRequire(import.meta.url);
const { startServer } = require('../dist-server/server/application.js');
const { purgeHistory } = require('../dist-server/server/features/history/retention.js');

const N = Number(process.env.BENCH_HISTORY_N ?? 2000);
const V = Number(process.env.BENCH_HISTORY_VERSIONS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
// one statement holds at most 65,535 bound values
const CHUNK = 2000;

const server = await startServer({ port: 0, seed: true, databaseUrl: process.env.PIM_DATABASE_URL });
try {
  const { url, repositories } = server;
  const stamp = Date.now() % 100000;
  const products = [];
  for (let from = 0; from < N; from += CHUNK) {
    const created = await repositories.repository('productos').createAll(
      Array.from({ length: Math.min(CHUNK, N - from) }, (_, i) => ({
        empresaId: 1,
        nombre: `BENCH-HI-${stamp}-${String(from + i).padStart(6, '0')}`,
      })),
    );
    products.push(...created.map((p) => Number(p.id)));
  }
  const old = Date.now() - 2 * 24 * 3600 * 1000;
  const history = repositories.repository('historial');
  const filled = performance.now();
  let rows = [];
  const flush = async () => {
    if (rows.length) await history.createAll(rows);
    rows = [];
  };
  for (const productoId of products) {
    for (let v = 0; v < V; v++) {
      const newest = v === V - 1;
      rows.push({
        empresaId: 1,
        productoId,
        fecha: new Date(newest ? Date.now() - 1000 : old + v * 60_000),
        usuario: 'bench@demo.pim',
        origen: 'formulario',
        cambios: JSON.stringify([{ campo: 'catalogo.precioFabrica', anterior: v, nuevo: v + 1 }]),
      });
      if (rows.length >= CHUNK) await flush();
    }
  }
  await flush();
  const fillSeconds = (performance.now() - filled) / 1000;

  const call = await adminClient(url);

  const middle = products[Math.floor(products.length / 2)];
  const opens = [];
  let versions = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    versions = (await call('GET', `/productos/${middle}/versiones`)).length;
    opens.push(performance.now() - t);
  }
  // A save with its version, and the same save with the history's write hooks taken off the product's
  // repository (the recorder's hooks are those calling its recordFor), in turns so the machine's load falls on
  // both alike.
  const productRepo = repositories.repository('productos');
  const historyHooks = productRepo.hooks.filter((hook) => /recordFor\(/.test(String(hook.recordWrites)));
  const saves = [];
  const bare = [];
  // not the name: a product's new name is carried to the records naming it (another cost than history's)
  let flag = 0;
  const save = async (into) => {
    const t = performance.now();
    await call('PATCH', `/productos/${middle}`, { finalizado: flag++ % 2 ? 'S' : 'N' });
    into.push(performance.now() - t);
  };
  for (let i = 0; i < RUNS; i++) {
    await save(saves);
    if (historyHooks.length !== 1) continue;
    const all = [...productRepo.hooks];
    productRepo.hooks.splice(
      0,
      productRepo.hooks.length,
      ...all.filter((hook) => !historyHooks.includes(hook)),
    );
    try {
      await save(bare);
    } finally {
      productRepo.hooks.splice(0, productRepo.hooks.length, ...all);
    }
  }

  const before = (await history.count()).count;
  const settings = repositories.repository('parametrosGlobales');
  const { count } = await settings.updateAll({ diasHistorial: 1 }, { empresaId: 1 });
  if (!count) await settings.create({ empresaId: 1, diasHistorial: 1 });
  const purged = performance.now();
  const removed = await purgeHistory(repositories, { maxBatches: Number.MAX_SAFE_INTEGER });
  const purgeSeconds = (performance.now() - purged) / 1000;

  console.log(
    `history: ${N} products × ${V} versions (${before} version rows, written in ${fillSeconds.toFixed(1)} s)`,
  );
  console.log(
    `history: «Historial» (GET /productos/{id}/versiones, ${versions} versions), median of ${RUNS}: ` +
      `${median(opens).toFixed(1)} ms (≤ 300 ms asked)`,
  );
  console.log(
    `history: a product save recording a version, median of ${RUNS}: ${median(saves).toFixed(1)} ms; ` +
      (bare.length
        ? `the same save without the history: ${median(bare).toFixed(1)} ms, ratio ` +
          `${(median(saves) / median(bare)).toFixed(2)}× (≤ 1.2× asked)`
        : 'the history hook was not found: no figure without it'),
  );
  console.log(
    `history: the purge removed ${removed} versions older than the retention in ${purgeSeconds.toFixed(1)} s ` +
      `(${Math.round(removed / purgeSeconds)} rows/s; 1M in ≤ 60 s needs ≥ 16,667/s)`,
  );
} finally {
  await server.stop();
}
