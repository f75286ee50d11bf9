// Product search at scale: the product list's one search box (`buscar`: SKU, title, EAN, brand; case- and
// accent-insensitive, server/features/product-search.ts) over N products of company 1 (BENCH_SEARCH_N, default
// 100,000: the figure is ≤ 150 ms at 100k), each with its general data, against the reference API started
// in-process from dist-server (run `npm run build:server` first; `npm run bench` does). Embedded store, seeded demo
// data. Each search is timed as the list asks it: a page of 25 sorted by SKU and the count, in parallel; the
// median of BENCH_RUNS (default 5) per kind of term. Figures only: nothing here passes or fails.
import { createRequire } from 'node:module';
import { adminClient, median, q } from './api-client.mjs';

const require = createRequire(import.meta.url);
const { startServer } = require('../dist-server/server/application.js');

const N = Number(process.env.BENCH_SEARCH_N ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHUNK = 2000;

const NOUNS = ['Taladro', 'Bombilla', 'Martillo', 'Sierra', 'Lijadora', 'Destornillador', 'Foco', 'Cable'];
const ADJECTIVES = ['percutor', 'compacto', 'eléctrico', 'inalámbrico', 'profesional', 'led', 'rápido'];
const BRANDS = ['Bosch', 'Makita', 'Philips', 'Stanley', 'DeWalt', 'Osram', 'Black+Decker', 'Einhell'];

/** A valid EAN-13 from a 12-digit body (GS1 check digit). */
const ean13 = (body) => {
  const digits = String(body).padStart(12, '0');
  const sum = [...digits].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
};

process.env.DEMO_IMAGES = '0';
const server = await startServer({ port: 0, seed: true });
try {
  const { url, repositories } = server;
  const stamp = Date.now() % 100000;
  const prefix = `BS${stamp}-`;
  const filling = performance.now();
  // in chunks: one INSERT has at most 65,535 parameters
  for (let from = 0; from < N; from += CHUNK) {
    const size = Math.min(CHUNK, N - from);
    const products = await repositories.repository('productos').createAll(
      Array.from({ length: size }, (_, i) => ({
        empresaId: 1,
        nombre: `${prefix}${String(from + i).padStart(6, '0')}`,
      })),
    );
    await repositories.repository('producto-generals').createAll(
      products.map((product, i) => {
        const n = from + i;
        return {
          productoId: product.id,
          titulo: `${NOUNS[n % NOUNS.length]} ${ADJECTIVES[(n >> 3) % ADJECTIVES.length]} ${n % 997} W`,
          ean: ean13(840000000000 + n),
          marca: BRANDS[(n >> 5) % BRANDS.length],
        };
      }),
    );
  }
  // what the store's maintenance does within its next round after a bulk load (server/store/pglite-maintenance.ts:
  // vacuum and statistics; the vacuum also moves the trigram index's pending entries into it), without waiting
  const dataSource = repositories.repository('productos').dataSource;
  await dataSource.execute('VACUUM (ANALYZE)');
  console.log(
    `filled ${N} products with general data in ${((performance.now() - filling) / 1000).toFixed(1)} s`,
  );
  const call = await adminClient(url);
  const target = Math.floor(N * 0.73);
  const searches = [
    ['title words (1 in 997)', '512 W'],
    ['title word, accent left out (1 in 7)', 'inalambrico'],
    ['title word (1 in 8)', 'Bombilla'],
    ['EAN (whole)', ean13(840000000000 + target)],
    ['EAN (part)', ean13(840000000000 + target).slice(2, 10)],
    ['SKU (part)', `${prefix}${String(target).padStart(6, '0')}`.slice(-8)],
    ['brand', 'Makita'],
    ['no match', 'zzqqxx'],
  ];
  console.log(
    `\nsearch over ${N.toLocaleString('en')} products | matches | median ms (page of 25 + count counted anew, ${RUNS} runs)`,
  );
  for (const [label, term] of searches) {
    const where = { and: [{ empresaId: 1 }, { buscar: term }] };
    const filter = { where, order: ['nombre ASC'], limit: 25, skip: 0 };
    const times = [];
    let total = 0;
    for (let run = 0; run < RUNS + 1; run++) {
      // the embedded store keeps a count until the next write (server/store/count-cache.ts): any statement but
      // a SELECT drops the kept counts, so each run counts anew, as a new search does
      await dataSource.execute("SET application_name = 'bench'");
      const started = performance.now();
      const [, count] = await Promise.all([
        call('GET', `/productos?filter=${q(filter)}`),
        call('GET', `/productos/count?where=${q(where)}`),
      ]);
      // the first run warms the caches (and the query plans) and is not counted
      if (run) times.push(performance.now() - started);
      total = count.count;
    }
    console.log(`${label} «${term}» | ${total} | ${median(times).toFixed(0)} ms`);
  }
} finally {
  await server.stop();
}
