// @vitest-environment node
/**
 * A full disk under the embedded database (simulated: tests/support/full-disk.cjs makes every file write of
 * the database process fail with ENOSPC while a marker file exists): writes answer 5xx, never 2xx, and after
 * the disk has room again the server starts without help with every acknowledged write there.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { q } from '../support/api';
import { spawnApi, stopApi, isRunning, stopRunning, type ApiProcess } from '../support/api-process';
import { loginToken } from '../support/server';

const dir = mkdtempSync(path.join(tmpdir(), 'pim-full-disk-'));
const dataDir = path.join(dir, 'data');
const marker = path.join(dir, 'disk-is-full');
const env = {
  NODE_OPTIONS: `--require ${path.resolve('tests/support/full-disk.cjs')}`,
  PIM_TEST_FULL_DISK_MARKER: marker,
};
const running: ApiProcess[] = [];

afterAll(async () => {
  await stopRunning(running);
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<{ api: ApiProcess; headers: Record<string, string> }> {
  const api = await spawnApi(dataDir, env);
  running.push(api);
  await api.ready;
  const accessToken = await loginToken(api.url);
  return { api, headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' } };
}

/** The messages of the 5xx answers: what the user reads. */
const refusals: string[] = [];

const post = async (api: ApiProcess, headers: Record<string, string>, codigo: string) => {
  try {
    const res = await fetch(`${api.url}/MarketPlaces`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ codigo }),
    });
    const body = (await res.json()) as { error?: { message?: string } };
    if (res.status >= 500) refusals.push(`${res.status} ${body.error?.message ?? ''}`);
    return res.status;
  } catch {
    return 0; // the connection closed: not acknowledged
  }
};

describe('a full disk under the embedded database', () => {
  it('answers writes with 5xx, acknowledges nothing it did not store, and restarts with every stored write', async () => {
    let { api, headers } = await start();
    const acknowledged: string[] = [];
    for (let i = 0; i < 3; i++)
      if ((await post(api, headers, `FULL-OK-${i}`)) === 200) acknowledged.push(`FULL-OK-${i}`);
    expect(acknowledged).toHaveLength(3);

    writeFileSync(marker, '');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const status = await post(api, headers, `FULL-FAIL-${i}`);
      statuses.push(status);
      if (status >= 200 && status < 300) acknowledged.push(`FULL-FAIL-${i}`);
    }
    // Never a 2xx for a write the disk did not take: a 5xx, or no answer once the database has stopped.
    expect(
      statuses.every((s) => s === 0 || s >= 500),
      String(statuses),
    ).toBe(true);
    expect(
      statuses.some((s) => s >= 500),
      String(statuses),
    ).toBe(true);
    // The refusal says so in the user's words (the cause, with the server's file names, is logged): the disk's
    // 507, or, once the database has stopped over it, the 503 of a database that is not there.
    expect(refusals.length, String(statuses)).toBeGreaterThan(0);
    for (const message of refusals)
      expect(message).toMatch(
        /^(507 No se ha guardado el cambio: el disco de la base de datos está lleno|503 Sin conexión con la base de datos)/,
      );

    rmSync(marker);
    if (isRunning(api)) await stopApi(api);
    else {
      // The API ended itself (its database could not go on): non-zero, saying why.
      expect(await api.exited).not.toBe(0);
      expect(api.output()).toMatch(/database/i);
    }
    ({ api, headers } = await start());
    const res = await fetch(
      `${api.url}/MarketPlaces?filter=${q({ where: { codigo: { like: 'FULL-%' } }, fields: { codigo: true } })}`,
      { headers },
    );
    const stored = new Set(((await res.json()) as { codigo: string }[]).map((r) => r.codigo));
    expect(acknowledged.filter((c) => !stored.has(c))).toEqual([]);
    await stopApi(api);
    expect(existsSync(path.join(dataDir, 'pim.lock'))).toBe(false);
  }, 90_000);
});
