// Set-up shared by the benches that measure the reference API in-process: the compiled server (dist-server; run
// `npm run build:server` first, `npm run bench` does) on the embedded store with the demo seed, N extra products of
// company 1, and JSON calls signed in as the demo admin.
import { createRequire } from 'node:module';
import { adminClient } from './api-client.mjs';

const require = createRequire(import.meta.url);
const { startServer } = require('../dist-server/server/application.js');

export const RUNS = Number(process.env.BENCH_RUNS ?? 5);
export { median, q } from './api-client.mjs';

/**
 * The API with `products` extra products named `${prefix}-${stamp}-${n}` (n zero-padded to `digits`), signed in.
 * `call(method, path, body?)` answers the parsed JSON (undefined when empty) and throws on an error status;
 * `requests()` counts the calls made so far. Stop it with `stop()`.
 */
export async function seededApi({ products, prefix, digits }) {
  const server = await startServer({ port: 0, seed: true });
  try {
    const { url, repositories } = server;
    const stamp = Date.now() % 100000;
    await repositories.repository('productos').createAll(
      Array.from({ length: products }, (_, i) => ({
        empresaId: 1,
        nombre: `${prefix}-${stamp}-${String(i).padStart(digits, '0')}`,
      })),
    );
    const client = await adminClient(url);
    let requests = 0;
    const call = (method, path, body) => {
      requests += 1;
      return client(method, path, body);
    };
    return { url, stamp, call, requests: () => requests, stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
