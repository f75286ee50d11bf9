// @vitest-environment node
/**
 * A mass edit the API's stop leaves unfinished resumes at the next start (server/features/mass-edit.ts): the
 * API (`node dist-server/server/index.js` on a data folder) is killed with SIGKILL in the middle of a job; started
 * again on the same folder, it takes the job up after the last product it saved, and the job ends with every
 * product changed once — the counts add up and the history holds one «edición masiva» version per changed
 * product, none twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isFinished } from '../../src/core/massEdit';
import { apiHelpers, type Row } from '../support/api';
import { spawnApi, stopRunning, type ApiProcess } from '../support/api-process';
import { demoLogins, loginToken } from '../support/server';

const PATH = '/trabajos-edicion-masiva';
const dataDir = mkdtempSync(path.join(tmpdir(), 'pim-mass-edit-resume-'));
const running: ApiProcess[] = [];
let url = '';
const { call, rows, count } = apiHelpers(() => url);

afterAll(async () => {
  await stopRunning(running);
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ api: ApiProcess; token: string }> {
  // small chunks: the kill lands between two of them, with some done and most not
  // a job that stopped beating for a second is taken up (the default waits a minute)
  const api = await spawnApi(dataDir, { MASS_EDIT_BATCH: '5', MASS_EDIT_STALE_MS: '1000' });
  running.push(api);
  await api.ready;
  url = api.url;
  return { api, token: await loginToken(url, demoLogins().admin) };
}

const job = async (token: string, id: unknown): Promise<Row> =>
  (await call(token, 'GET', `${PATH}/${String(id)}`)).body;

describe('an interrupted mass edit', () => {
  it('resumes after a kill of the API and changes every product once', async () => {
    const first = await start();
    const products = await rows(first.token, '/productos', {
      where: { empresaId: 1 },
      fields: { id: true, enviarAecoc: true },
    });
    const toChange = products.filter((p) => p.enviarAecoc !== 'S').length;
    expect(toChange).toBeGreaterThan(20);
    const started = await call(first.token, 'POST', PATH, {
      empresaId: 1,
      campo: 'enviarAecoc',
      valor: 'S',
      filtro: '{}',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.id;
    let seen: Row = {};
    for (let i = 0; i < 1000; i += 1) {
      seen = await job(first.token, id);
      // some products done (the job row is written before its first chunk: estado null, then 'en curso')
      if (Number(seen.hechos) > 0 || isFinished(seen.estado)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen.estado).toBe('en curso');
    process.kill(first.api.pid, 'SIGKILL');
    await first.api.exited;

    const second = await start();
    let done: Row = {};
    for (let i = 0; i < 1200; i += 1) {
      done = await job(second.token, id);
      if (done.estado !== 'en curso') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(done.estado, second.api.output()).toBe('terminado');
    expect(second.api.output()).toMatch(new RegExp(`job ${String(id)} resumes after product`));
    expect(done.total).toBe(products.length);
    expect(done.hechos).toBe(products.length);
    expect(done.cambiados).toBe(toChange);
    expect(done.sinCambios).toBe(products.length - toChange);
    expect(done.rechazados).toBe(0);
    expect(await count(second.token, '/productos', { empresaId: 1, enviarAecoc: { neq: 'S' } })).toBe(0);
    // one version per changed product: none was written twice, before and after the kill
    const versions = await rows(second.token, '/historial', {
      where: { origen: 'edicion_masiva' },
      fields: { id: true, productoId: true },
      limit: 10_000,
    });
    expect(versions.length).toBe(toChange);
    expect(new Set(versions.map((v) => v.productoId)).size).toBe(toChange);
  });
});
