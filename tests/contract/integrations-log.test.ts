// @vitest-environment node
/**
 * The synchronisation log as the app reads it (createIntegrationsApi → logWhere + LOG_ORDER over the real HTTP
 * client) against the compiled reference API: after a successful and a failed sync, the date filter (that day
 * only), the error filter (with / without motivoErrorSincroConBC, including null written by a success), the
 * SKU text filter, newest run first, per-table identity, and the count matching the page. Runs on MariaDB too.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationsApi, type IntegrationsApi } from '../../src/custom/integrations/api';
import { manualSyncOutcome } from '../../src/custom/integrations/outcomes';
import { testHttpClient } from '../support/appClient';
import { loginToken, startTestServer, type StartedServer } from '../support/server';

const require = createRequire(import.meta.url);
const { SimulatedErp } = require('../../dist-server/server/erp/adapter.js') as {
  SimulatedErp: new (options?: { failOn?: string[] }) => unknown;
};

const TAG = `LOGQ${Date.now() % 100000}`;
const OK_SKU = `${TAG}-OK`;
const KO_SKU = `${TAG}-KO`;

let server: StartedServer;
let token: string | null = null;
let api: IntegrationsApi;

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    erp: new SimulatedErp({ failOn: [KO_SKU] }),
  } as Parameters<typeof startTestServer>[0]);
  token = await loginToken(server.url);
  const httpClient = testHttpClient(() => token);
  api = createIntegrationsApi({
    apiUrl: server.url,
    httpClient,
    getEmpresaId: () => 1,
    getAccessToken: () => token,
  });
  const ok = await post('/productos', { empresaId: 1, nombre: OK_SKU, sincronizarConBC: 'S' });
  const ko = await post('/productos', { empresaId: 1, nombre: KO_SKU, sincronizarConBC: 'S' });
  // the spare part is a product of the company (not itself synchronised)
  await post('/productos', { empresaId: 1, nombre: `${TAG}-REP`, sincronizarConBC: 'N' });
  await post('/Repuestos', { skuPrincipal: OK_SKU, skuRepuesto: `${TAG}-REP` });
  // A volume, so the manual sync (GET /sincronizaProductosManual) sends them to the ERP.
  for (const product of [ok, ko]) {
    await post('/producto-generals', { productoId: product.id, dimensiones: '10 x 20 x 30 cm' });
  }
  // The failing one (the higher id) first, so only ordering by run date puts the successful run first. MySQL's
  // DATETIME keeps whole seconds: the runs are more than a second apart. The ERP's refusal is a 424 with its reason.
  await expect(api.integrationsSyncProduct(Number(ko.id))).rejects.toThrow(KO_SKU);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const synced = manualSyncOutcome(await api.integrationsSyncProduct(Number(ok.id)));
  expect(synced.summary?.estado).toBe('OK');
});

afterAll(async () => {
  await server?.stop();
});

describe('sync log query (as the log page sends it)', () => {
  it('filters by SKU text and orders newest run first', async () => {
    const { data, total } = await api.integrationsSyncLog('productos', { texto: TAG }, 1, 10);
    expect(data.map((r) => r.nombre)).toEqual([OK_SKU, KO_SKU]);
    expect(total).toBe(2);
    expect(data[0].motivoErrorSincroConBC ?? null).toBeNull();
    expect(data[1].motivoErrorSincroConBC).toContain(KO_SKU);
  });

  it('the error filter keeps rows with, or without, a reason (a success stored null)', async () => {
    const con = await api.integrationsSyncLog('productos', { texto: TAG, errores: 'con' }, 1, 10);
    expect(con.data.map((r) => r.nombre)).toEqual([KO_SKU]);
    expect(con.total).toBe(1);
    const sin = await api.integrationsSyncLog('productos', { texto: TAG, errores: 'sin' }, 1, 10);
    expect(sin.data.map((r) => r.nombre)).toEqual([OK_SKU]);
    expect(sin.total).toBe(1);
    // the whole log: every "con" row has a reason, no "sin" row has one
    const allCon = await api.integrationsSyncLog('productos', { errores: 'con' }, 1, 50);
    expect(allCon.data.length).toBeGreaterThan(0);
    for (const row of allCon.data) expect(String(row.motivoErrorSincroConBC ?? '')).not.toBe('');
    const allSin = await api.integrationsSyncLog('productos', { errores: 'sin' }, 1, 50);
    expect(allSin.data.length).toBeGreaterThan(0);
    for (const row of allSin.data) expect(row.motivoErrorSincroConBC ?? null).toBeNull();
  });

  it('the date filter keeps the runs of that day only, newest first across the whole log', async () => {
    // api.ts turns the day into the process's local day; compare in the same calendar
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const localDay = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
    const day = await api.integrationsSyncLog('productos', { fecha: localDay, texto: TAG }, 1, 10);
    expect(day.data.map((r) => r.nombre)).toEqual([OK_SKU, KO_SKU]);
    const other = await api.integrationsSyncLog('productos', { fecha: '2001-01-01', texto: TAG }, 1, 10);
    expect(other).toEqual({ data: [], total: 0 });
    // the unfiltered log is ordered by run, newest first
    const { data } = await api.integrationsSyncLog('productos', {}, 1, 50);
    const runs = data.map((r) => Date.parse(String(r.fechaEjecucionDeProcesoSincroBC)));
    expect([...runs].sort((a, b) => b - a)).toEqual(runs);
    expect(utcDay(new Date(runs[0]))).toBe(utcDay(today));
  });

  it('relation tables read their identity columns; an unknown table is the spec message', async () => {
    const { data } = await api.integrationsSyncLog('repuestos', { texto: TAG }, 1, 10);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ skuPrincipal: OK_SKU, skuRepuesto: `${TAG}-REP` });
    expect(data[0].fechaSincronizacionConBC).toBeTruthy();
    await expect(api.integrationsSyncLog('precios', {}, 1, 10)).rejects.toThrow(
      'Problema con el nombre de la tabla',
    );
  });
});
