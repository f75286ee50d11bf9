// Readiness per marketplace: figures for recomputing N products after a rule change (the tracked job, batches
// of 500) and for a product save that rescores the product in its request, against the reference API started
// in-process (bench/seeded-api.mjs): embedded store, seeded demo data plus N products of company 1 (BENCH_READINESS_N, default 2,000: light by default; the figure the
// issue names is 100,000 products in ≤ 60 s). Figures only: nothing here passes or fails.
import { median, q, RUNS, seededApi } from './seeded-api.mjs';

const N = Number(process.env.BENCH_READINESS_N ?? 2000);

const server = await seededApi({ products: N, prefix: 'BENCH-RD', digits: 6 });
try {
  const { call, stamp } = server;
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
  await idle();
  const total = (await call('GET', '/productos/count')).count;

  const started = performance.now();
  await call('POST', '/reglas-preparacion', { marketplaceId: marketplace.id, tipo: 'imagen' });
  await idle();
  const recompute = performance.now() - started;

  const [product] = await call(
    'GET',
    `/productos?filter=${q({ where: { nombre: `BENCH-RD-${stamp}-000000` } })}`,
  );
  const saves = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await call('PATCH', `/productos/${product.id}`, { finalizado: i % 2 ? 'S' : 'N' });
    saves.push(performance.now() - t);
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
      `(${Math.round(total / (recompute / 1000))} products/s; 100k in ≤ 60 s needs ≥ 1,667/s)`,
  );
  console.log(
    `readiness: a product save with its rescore, median of ${RUNS}: ${median(saves).toFixed(1)} ms; ` +
      `after adding media ${media.id} the score is ${entry?.porcentaje} % in the same request`,
  );
} finally {
  await server.stop();
}
