// Set-up shared by the benches that measure the reference API in-process: the compiled server (dist-server; run
// `npm run build:server` first, `npm run bench` does) on the embedded store with the demo seed, N extra products of
// company 1, and JSON calls signed in as the demo admin.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startServer } = require('../dist-server/server/application.js');
const { DEMO_ADMIN } = require('../dist-server/server/seed/index.js');

export const RUNS = Number(process.env.BENCH_RUNS ?? 5);
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const q = (value) => encodeURIComponent(JSON.stringify(value));

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
    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    }).then((r) => r.json());
    const headers = { Authorization: `Bearer ${login.accessToken}`, 'Content-Type': 'application/json' };
    let requests = 0;
    const call = async (method, path, body) => {
      requests += 1;
      const res = await fetch(`${url}${path}`, { method, headers, body: body && JSON.stringify(body) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    };
    return { url, stamp, call, requests: () => requests, stop: () => server.stop() };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
