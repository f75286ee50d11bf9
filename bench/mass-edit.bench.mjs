// Mass edit as a job: N products of company 1 (BENCH_MASS_EDIT_N, default 10,000: the issue's figure is
// 10,000 in ≤ 30 s on the embedded store) get a flag set by the list's filter, through POST
// /trabajos-edicion-masiva and polling the job until it ends, against the reference API started in-process
// from dist-server (run `npm run build:server` first; `npm run bench` does). Embedded store, seeded demo data.
// Prints the time, products/s and the report's counts. Figures only: nothing here passes or fails.
import { createRequire } from 'node:module';
import { adminClient, median } from './api-client.mjs';

const require = createRequire(import.meta.url);
const { startServer } = require('../dist-server/server/application.js');

const N = Number(process.env.BENCH_MASS_EDIT_N ?? 10000);
const RUNS = Number(process.env.BENCH_MASS_EDIT_RUNS ?? 1);

process.env.DEMO_IMAGES = '0';
const server = await startServer({ port: 0, seed: true });
try {
  const { url, repositories } = server;
  const stamp = Date.now() % 100000;
  const prefix = `BENCH-ME-${stamp}-`;
  // in chunks: one INSERT has at most 65,535 parameters
  for (let from = 0; from < N; from += 1000) {
    await repositories.repository('productos').createAll(
      Array.from({ length: Math.min(1000, N - from) }, (_, i) => ({
        empresaId: 1,
        nombre: `${prefix}${String(from + i).padStart(6, '0')}`,
        finalizado: 'N',
      })),
    );
  }
  const call = await adminClient(url);

  const times = [];
  let last;
  for (let run = 0; run < RUNS; run++) {
    const valor = run % 2 ? 'N' : 'S';
    const started = performance.now();
    const job = await call('POST', '/trabajos-edicion-masiva', {
      empresaId: 1,
      campo: 'finalizado',
      valor,
      filtro: JSON.stringify({ nombre: { like: `${prefix}%` } }),
    });
    for (;;) {
      last = await call('GET', `/trabajos-edicion-masiva/${job.id}`);
      if (['terminado', 'cancelado', 'error'].includes(last.estado)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    times.push(performance.now() - started);
  }
  const ms = median(times);
  console.log(
    `mass edit: ${last.total} products by filter in ${(ms / 1000).toFixed(2)} s (median of ${RUNS}; ` +
      `${Math.round(last.total / (ms / 1000))} products/s; 10,000 in ≤ 30 s needs ≥ 334/s) — ` +
      `${last.estado}: ${last.cambiados} changed, ${last.sinCambios} unchanged, ${last.rechazados} refused; ` +
      `each run: ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')}`,
  );
} finally {
  await server.stop();
}
