// Catalogue products: figures for moving many products at once, against the reference API started in-process
// (bench/seeded-api.mjs): embedded store, seeded demo data plus 1,000 extra products of company 1. Figures only: nothing here passes or fails.
import { median, q, RUNS, seededApi } from './seeded-api.mjs';

const N = 1000;

const server = await seededApi({ products: N, prefix: 'BENCH', digits: 4 });
try {
  const { call, requests, stamp } = server;
  const timed = async (run) => {
    const before = requests();
    const t0 = performance.now();
    const result = await run();
    return { ms: Math.round(performance.now() - t0), requests: requests() - before, result };
  };

  const ids = (
    await call(
      'GET',
      `/productos?filter=${q({ where: { nombre: { like: `BENCH-${stamp}-%` } }, fields: { id: true } })}`,
    )
  ).map((row) => row.id);
  const newCatalogue = async (codigo) =>
    (await call('POST', '/catalogos', { empresaId: 1, codigo, nombre: `Bench ${codigo}`, anyo: 2026 })).Id;

  // 1. add 1,000 products in one request
  const adds = [];
  const removes = [];
  for (let run = 0; run < RUNS; run++) {
    const catalogoId = await newCatalogue(`BENCH-${stamp}-${run}`);
    const add = await timed(() =>
      call('POST', '/agregar-multiples-productos-al-catalogo', { catalogoId, productoIds: ids }),
    );
    if (add.result.length !== N) throw new Error(`expected ${N} rows, got ${add.result.length}`);
    adds.push(add);
    const remove = await timed(() =>
      call('POST', '/eliminar-multiples-productos-del-catalogo', { catalogoId, productoIds: ids }),
    );
    if (remove.result.deletedCount !== N) throw new Error(`expected ${N} deleted`);
    removes.push(remove);
  }
  console.log(
    `add ${N} products: ${median(adds.map((a) => a.ms))} ms (${adds[0].requests} request, median of ${RUNS})`,
  );
  console.log(
    `remove ${N} products: ${median(removes.map((r) => r.ms))} ms (${removes[0].requests} request, median of ${RUNS})`,
  );

  // 2. the lists with 1,000+ products in the catalogue: one page (list + count, in parallel, as the screen asks)
  const catalogoId = await newCatalogue(`BENCH-${stamp}-LIST`);
  await call('POST', '/agregar-multiples-productos-al-catalogo', { catalogoId, productoIds: ids });
  const listPage = async (membership, where) => {
    const filter = { ...(where ? { where } : {}), order: ['nombre ASC'], limit: 10, skip: 10 };
    const base = `/catalogos/${catalogoId}/productos-${membership}`;
    return timed(() =>
      Promise.all([
        call('GET', `${base}?filter=${q(filter)}`),
        call('GET', `${base}/count${where ? `?where=${q(where)}` : ''}`),
      ]),
    );
  };
  for (const [label, membership, where] of [
    ['catalogue list page (1,000 products in it)', 'incluidos', undefined],
    ['available list page (1,000 excluded)', 'disponibles', undefined],
    ['available list page, name filter', 'disponibles', { nombre: { like: '%SI-A%' } }],
  ]) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await listPage(membership, where));
    console.log(
      `${label}: ${median(runs.map((r) => r.ms))} ms (${runs[0].requests} requests in parallel, median of ${RUNS})`,
    );
  }

  // 3. "add all matching the filter": ids page by page (ids only), then one add
  const target = await newCatalogue(`BENCH-${stamp}-ALL`);
  const addAll = await timed(async () => {
    const where = { nombre: { like: `BENCH-${stamp}-%` } };
    const all = [];
    for (let skip = 0; ; skip += 2000) {
      const page = await call(
        'GET',
        `/catalogos/${target}/productos-disponibles?filter=${q({ where, order: ['id ASC'], limit: 2000, skip, fields: { id: true } })}`,
      );
      all.push(...page.map((row) => row.id));
      if (page.length < 2000) break;
    }
    return call('POST', '/agregar-multiples-productos-al-catalogo', { catalogoId: target, productoIds: all });
  });
  console.log(
    `add all ${addAll.result.length} matching the filter: ${addAll.ms} ms (${addAll.requests} requests)`,
  );

  // 4. delete a catalogue's products in one request
  const cascade = await timed(() => call('DELETE', `/catalogos-productos/eliminar-por-catalogo/${target}`));
  console.log(`delete by catalogue (${cascade.result.deletedCount} products): ${cascade.ms} ms (1 request)`);
} finally {
  await server.stop();
}
