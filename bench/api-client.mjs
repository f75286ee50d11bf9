// What the benches share: the HTTP client signed in as the demo admin — `call(method, path, body)` throws on an
// answer other than 2xx and returns the parsed body (undefined when empty) — and the median and query helpers.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { DEMO_ADMIN } = require('../dist-server/server/seed/index.js');

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const q = (value) => encodeURIComponent(JSON.stringify(value));

/** The answer of POST /auth/login for the demo admin (tokens and userData). */
export const adminLogin = (url) =>
  fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  }).then((r) => r.json());

export async function adminClient(url) {
  const login = await adminLogin(url);
  const headers = { Authorization: `Bearer ${login.accessToken}`, 'Content-Type': 'application/json' };
  return async (method, path, body) => {
    const res = await fetch(`${url}${path}`, { method, headers, body: body && JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return text ? JSON.parse(text) : undefined;
  };
}
