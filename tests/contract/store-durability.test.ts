// @vitest-environment node
/**
 * The embedded database keeps every write it acknowledged: the API (`node dist-server/server/index.js` on a
 * data folder, as `npm start` runs it) is killed with SIGKILL five times under continuous writes; each time it
 * starts again without help and every write answered 2xx is there. A second server on the same folder exits
 * non-zero with a clear message.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { q } from '../support/api';
import { spawnApi, stopApi, stopRunning, type ApiProcess } from '../support/api-process';
import { loginToken } from '../support/server';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pim-durability-'));
const running: ApiProcess[] = [];

afterAll(async () => {
  await stopRunning(running);
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ApiProcess> {
  const api = await spawnApi(dataDir);
  running.push(api);
  await api.ready;
  return api;
}

/** Writes marketplaces from `writers` loops until `stop()`; answers the codes of the writes answered 2xx. */
function writeContinuously(url: string, token: string, round: number, writers = 4) {
  const acknowledged: string[] = [];
  const refused: number[] = [];
  let stopped = false;
  let n = 0;
  const loop = async () => {
    while (!stopped) {
      const codigo = `DUR-${round}-${n++}`;
      try {
        const res = await fetch(`${url}/MarketPlaces`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ codigo, descripcion: 'durable' }),
        });
        if (res.ok) acknowledged.push(codigo);
        else refused.push(res.status);
        await res.arrayBuffer();
      } catch {
        return; // the server is gone
      }
    }
  };
  const loops = Array.from({ length: writers }, loop);
  return {
    acknowledged,
    refused,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

async function storedCodes(url: string, token: string): Promise<Set<string>> {
  const filter = { where: { codigo: { like: 'DUR-%' } }, fields: { codigo: true } };
  const res = await fetch(`${url}/MarketPlaces?filter=${q(filter)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return new Set(((await res.json()) as { codigo: string }[]).map((r) => r.codigo));
}

describe('embedded database durability', () => {
  it('loses no acknowledged write over five kill -9 under continuous writes', async () => {
    const acknowledged: string[] = [];
    let api = await start();
    for (let round = 1; round <= 5; round++) {
      const token = await loginToken(api.url);
      const writes = writeContinuously(api.url, token, round);
      // Killed while writes are in flight: once some have been answered, a little later each round.
      while (writes.acknowledged.length < 10 && writes.refused.length === 0) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(writes.refused).toEqual([]);
      await new Promise((r) => setTimeout(r, round * 40));
      process.kill(api.pid, 'SIGKILL');
      await api.exited;
      await writes.stop();
      expect(writes.acknowledged.length).toBeGreaterThan(0);
      acknowledged.push(...writes.acknowledged);

      api = await start();
      const stored = await storedCodes(api.url, await loginToken(api.url));
      const lost = acknowledged.filter((codigo) => !stored.has(codigo));
      expect(lost).toEqual([]);
    }
    await stopApi(api);
    expect(await api.exited).toBe(0);
    // six starts of the API and its database: a ceiling for a loaded machine, not a figure (see npm run bench)
  }, 180_000);

  it('a second server on the same data folder exits non-zero with a clear message', async () => {
    const first = await start();
    const second = await spawnApi(dataDir);
    expect(await second.exited).not.toBe(0);
    await second.ready.catch(() => undefined);
    expect(second.output()).toMatch(/Cannot start: Another PIM server \(PID \d+\) is using the data folder/);
    expect((await fetch(`${first.url}/config.json`)).status).toBe(200);
    await stopApi(first);
  }, 60_000);
});
