// Readiness per marketplace: figures for recomputing N products after a rule change (the tracked job, pages of
// 500 with one upsert each) and for a product save that rescores the product in its request, against the
// reference API started in-process from dist-server (run `npm run build:server` first; `npm run bench` does).
// Embedded store (or MariaDB with PIM_DATABASE_URL), seeded demo data plus N products of company 1 with their
// general data (BENCH_READINESS_N, default 2,000: light by default; the figure the issue names is 100,000
// products in ≤ 60 s). The marketplace asks for every kind of rule (a field, an attribute, a principal image, a
// valid GTIN, reviewed texts of a prompt), so a recomputation reads every table a score reads; the change
// timed is one of its rules. Figures only: nothing here passes or fails.
import { createRequire } from 'node:module';
import { adminClient, median, q } from './api-client.mjs';

const require = createRequire(import.meta.url);
const { startServer } = require('../dist-server/server/application.js');

const N = Number(process.env.BENCH_READINESS_N ?? 2000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const server = await startServer({ port: 0, seed: true, databaseUrl: process.env.PIM_DATABASE_URL });
try {
  const { url, repositories } = server;
  const stamp = Date.now() % 100000;
  // in chunks: one statement holds at most 65,535 bound values
  const CHUNK = 2000;
  for (let from = 0; from < N; from += CHUNK) {
    const created = await repositories.repository('productos').createAll(
      Array.from({ length: Math.min(CHUNK, N - from) }, (_, k) => ({
        empresaId: 1,
        nombre: `BENCH-RD-${stamp}-${String(from + k).padStart(6, '0')}`,
        categorias: (from + k) % 2 ? 'Bricolaje' : null,
        sincronizarConBC: 'N',
      })),
    );
    await repositories.repository('producto-generals').createAll(
      created.map((p, k) => ({
        productoId: p.id,
        titulo: `Producto ${from + k}`,
        descripcion: (from + k) % 3 ? 'Texto' : null,
      })),
    );
  }
  const call = await adminClient(url);
  const idle = async () => {
    for (;;) {
      const open = await call(
        'GET',
        `/trabajos-preparacion/count?where=${q({ estado: { inq: ['pendiente', 'en curso'] } })}`,
      );
      if (open.count === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const marketplace = await call('POST', '/MarketPlaces', { codigo: `BENCH-${stamp}` });
  await call('POST', '/MarketPlacePrompts', {
    marketplaceId: marketplace.id,
    categoriaCodigo: 'Bricolaje',
    campoUno: 'titulo',
    promptCampoUno: 'Escribe un título',
  });
  let changed;
  for (const rule of [
    { tipo: 'imagen' },
    { tipo: 'gtin' },
    { tipo: 'textos' },
    { tipo: 'atributo', campo: 'Potencia' },
    { tipo: 'campo', campo: 'descripcion' },
  ])
    changed = await call('POST', '/reglas-preparacion', { marketplaceId: marketplace.id, ...rule });
  await idle();
  const total = (await call('GET', '/productos/count')).count;

  const recomputes = [];
  // what a user on the product list waits for a 25-row page while a recomputation runs
  const pages = [];
  for (let i = 0; i < Number(process.env.BENCH_RECOMPUTE_RUNS ?? 3); i++) {
    const started = performance.now();
    await call('PATCH', `/reglas-preparacion/${changed.id}`, { campo: i % 2 ? 'descripcion' : 'titulo' });
    let running = true;
    const probe = (async () => {
      for (let page = 0; running; page++) {
        const t = performance.now();
        await call(
          'GET',
          `/productos?filter=${q({ order: ['nombre ASC'], limit: 25, skip: (page % 40) * 25 })}`,
        );
        pages.push(performance.now() - t);
      }
    })();
    await idle();
    running = false;
    await probe;
    recomputes.push(performance.now() - started);
  }
  const recompute = median(recomputes);
  const sortedPages = [...pages].sort((a, b) => a - b);
  const pct = (p) =>
    sortedPages[Math.min(sortedPages.length - 1, Math.floor((p / 100) * sortedPages.length))];

  const [product] = await call(
    'GET',
    `/productos?filter=${q({ where: { nombre: `BENCH-RD-${stamp}-000000` } })}`,
  );
  // saves of the product's general data: a column no rule reads (no rescore) and one a rule reads (rescored in
  // the request) — the same table and hooks otherwise
  const [general] = await call(
    'GET',
    `/producto-generals?filter=${q({ where: { productoId: product.id } })}`,
  );
  const saves = [];
  const rescored = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    await call('PATCH', `/producto-generals/${general.id}`, { sku: `SKU-${i}` });
    saves.push(performance.now() - t);
    t = performance.now();
    await call('PATCH', `/producto-generals/${general.id}`, { descripcion: i % 2 ? 'Texto' : null });
    rescored.push(performance.now() - t);
  }
  const media = await call('POST', '/producto-multimedias', {
    productoId: product.id,
    nombre: 'bench.jpg',
    tipo: 'Imagen',
    principalSN: 'S',
  });
  const [entry] = (await call('GET', `/productos/${product.id}/preparacion`)).filter(
    (e) => e.marketplaceId === marketplace.id,
  );
  console.log(
    `readiness: a rule change recomputes ${total} products in ${(recompute / 1000).toFixed(2)} s ` +
      `(median of ${recomputes.length}) ` +
      `(${Math.round(total / (recompute / 1000))} products/s; 100k in ≤ 60 s needs ≥ 1,667/s)`,
  );
  console.log(
    `readiness: a 25-row product page during the recomputations: median ${pct(50).toFixed(1)} ms, ` +
      `p95 ${pct(95).toFixed(1)} ms, max ${pct(100).toFixed(1)} ms (${pages.length} pages)`,
  );
  console.log(
    `readiness: a save, median of ${RUNS}: ${median(saves).toFixed(1)} ms of a column no rule reads; ` +
      `${median(rescored).toFixed(1)} ms of one a rule reads, rescored in the request ` +
      `(×${(median(rescored) / median(saves)).toFixed(2)}); after adding media ${media.id} the score is ` +
      `${entry?.porcentaje} % in the same request`,
  );
} finally {
  await server.stop();
}
