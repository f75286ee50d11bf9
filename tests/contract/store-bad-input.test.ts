// @vitest-environment node
/**
 * A database that is not there, as `npm start` meets it (the compiled API as a process): a DATABASE_URL where
 * nothing listens stops the start with one clear line and a non-zero exit; the embedded database process killed
 * while the API runs makes the next write answer 503 with a message for the user (never a 2xx), the API exits
 * non-zero, and its next start has every write acknowledged before.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnApi, stopApi, stopRunning, type ApiProcess } from '../support/api-process';
import { loginToken } from '../support/server';

const dir = mkdtempSync(path.join(tmpdir(), 'pim-bad-input-'));
const running: ApiProcess[] = [];

afterAll(async () => {
  await stopRunning(running);
  rmSync(dir, { recursive: true, force: true });
});

async function headersOf(api: ApiProcess): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await loginToken(api.url)}`, 'Content-Type': 'application/json' };
}

describe('a database that is not there', () => {
  it.each([
    ['mysql', 'MySQL'],
    ['postgres', 'PostgreSQL'],
  ])('DATABASE_URL=%s:// where nothing listens: one clear line, exit non-zero', async (scheme, name) => {
    const port = await freePort();
    const api = await spawnApi(path.join(dir, scheme), {
      DATABASE_URL: `${scheme}://pim:pim@127.0.0.1:${port}/pim`,
    });
    running.push(api);
    await api.ready.catch(() => undefined);
    expect(await api.exited).toBe(1);
    expect(api.output()).toMatch(
      new RegExp(
        `^Cannot start: Could not connect to ${name} at 127\\.0\\.0\\.1:${port}: connect ECONNREFUSED`,
        'm',
      ),
    );
    // No stack trace: the line says it all.
    expect(api.output()).not.toMatch(/^\s+at /m);
  });

  it('the embedded database killed while the API runs: 503 with a message, exit non-zero, nothing acknowledged lost', async () => {
    const dataDir = path.join(dir, 'embedded');
    let api = await spawnApi(dataDir);
    running.push(api);
    await api.ready;
    let headers = await headersOf(api);
    const before = await fetch(`${api.url}/MarketPlaces`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ codigo: 'GONE-1' }),
    });
    expect(before.status).toBe(200);

    const { dbPid } = JSON.parse(readFileSync(path.join(dataDir, 'pim.lock'), 'utf8')) as { dbPid: number };
    process.kill(dbPid, 'SIGKILL');
    const after = await fetch(`${api.url}/MarketPlaces`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ codigo: 'GONE-2' }),
    }).catch(() => undefined);
    // Answered before the API exits: 503 and words for the user; or no answer at all, never a 2xx.
    if (after) {
      expect(after.status).toBe(503);
      const { error } = (await after.json()) as { error: { message: string; code?: string } };
      expect(error.message).toMatch(
        /^Sin conexión con la base de datos: la operación no se ha podido confirmar/,
      );
      expect(error.code).toBe('DATABASE_UNAVAILABLE');
    }
    expect(await api.exited).toBe(1);
    expect(api.output()).toMatch(/The embedded database process stopped .* exiting\./);

    api = await spawnApi(dataDir);
    running.push(api);
    await api.ready;
    headers = await headersOf(api);
    const stored = await fetch(
      `${api.url}/MarketPlaces/count?where=${encodeURIComponent('{"codigo":"GONE-1"}')}`,
      {
        headers,
      },
    );
    expect(await stored.json()).toEqual({ count: 1 });
    await stopApi(api);
  });
});
