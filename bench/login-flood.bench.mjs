// Sign-in flood: 20 connections send wrong passwords for 20 s while a signed-in user reads product pages;
// prints that user's median page time idle and during the flood. Twice: with sign-in throttling off (every
// attempt is a bcrypt check: the cost of hashing on the server) and with the default throttling. Reference API
// from dist-server (`npm run build:server` first; `npm run bench` does). Figures only: nothing passes or fails.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { startServer } = require('../dist-server/server/application.js');
const { DEMO_ADMIN, DEMO_EDITOR } = require('../dist-server/server/seed/index.js');

const CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 20);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 20);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const q = (value) => encodeURIComponent(JSON.stringify(value));

async function readPages(url, token, seconds) {
  const times = [];
  const end = Date.now() + seconds * 1000;
  let page = 0;
  while (Date.now() < end) {
    const t0 = performance.now();
    const res = await fetch(`${url}/productos?filter=${q({ limit: 25, skip: (page++ % 10) * 25 })}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return times;
}

async function flood(url, seconds) {
  const end = Date.now() + seconds * 1000;
  let attempts = 0;
  const worker = async (n) => {
    while (Date.now() < end) {
      const res = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: n % 2 ? DEMO_EDITOR.email : `nadie${n}@bench.pim`,
          password: `mala-${attempts}`,
        }),
      });
      await res.arrayBuffer();
      attempts += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => worker(n)));
  return attempts;
}

for (const [label, loginThrottle] of [
  ['throttling off (every attempt hashed)', { freeFailures: 1e9, lockFailures: 1e9 }],
  ['default throttling', undefined],
]) {
  const server = await startServer({ port: 0, seed: true, loginThrottle });
  try {
    const { url } = server;
    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    }).then((r) => r.json());
    const idle = median(await readPages(url, login.accessToken, IDLE_SECONDS));
    const [busyTimes, attempts] = await Promise.all([
      readPages(url, login.accessToken, FLOOD_SECONDS),
      flood(url, FLOOD_SECONDS),
    ]);
    const busy = median(busyTimes);
    console.log(
      `Sign-in flood, ${label}: ${CONNECTIONS} connections × ${FLOOD_SECONDS} s, ${attempts} wrong sign-ins; ` +
        `signed-in page read p50 idle ${idle.toFixed(1)} ms, during the flood ${busy.toFixed(1)} ms ` +
        `(${(busy / idle).toFixed(1)}×, max ${Math.max(...busyTimes).toFixed(0)} ms, ${busyTimes.length} reads)`,
    );
  } finally {
    await server.stop();
  }
}
