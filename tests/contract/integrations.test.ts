// @vitest-environment node
/**
 * Integrations against the compiled reference API: ERP syncs write the sync-log fields and logsnavs rows on
 * success and on failure (ERP rejecting a record, ERP down); one product goes through the spec's
 * /sincronizaProductosManual (volume and sincronizarConBC rules), /sincronizaProductos takes no parameters (an
 * idProducto is ignored, as LoopBack ignores unknown query parameters); the progress counts of a full sync; the
 * EAN code; AECOC: with no FTP the file stays local and the app warns, upload to a local FTP server (ftp-srv on
 * 127.0.0.1), a refused FTP login, a failing local folder answered as ERROR with the password in no log line;
 * the shopping feed opens with exceljs, one row per product, and an empty company says so.
 */
import { mkdtemp, readdir, readFile, rm, mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { FtpSrv } from 'ftp-srv';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIntegrationsApi, type IntegrationsApi } from '../../src/custom/integrations/api';
import { FEED_COLUMNS, feedRow } from '../../src/core/integrations/feedColumns';
import {
  aecocOutcome,
  AECOC_LOCAL_TEXT,
  FEED_EMPTY,
  feedOutcome,
  manualSyncOutcome,
  VOLUME_TITLE,
} from '../../src/custom/integrations/outcomes';
import { testHttpClient } from '../support/appClient';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';
import { testUser } from '../support/access';
import { apiCaller, q } from '../support/api';

const require = createRequire(import.meta.url);

interface ErpResult {
  ok: boolean;
  status: number;
  data?: unknown;
  error?: string;
}
interface ErpLike {
  post(endpoint: string, payload: unknown): Promise<ErpResult>;
  get(endpoint: string, query?: Record<string, string>): Promise<ErpResult>;
}
const { SimulatedErp } = require('../../dist-server/server/erp/adapter.js') as {
  SimulatedErp: new (options?: { failOn?: string[]; down?: boolean }) => ErpLike & {
    calls: { endpoint: string; payload: unknown }[];
    items: Map<string, Record<string, unknown>>;
  };
};

type Row = Record<string, unknown>;

/** The simulated Business Central, switchable to "down" from the test. */
const simulated = new SimulatedErp({ failOn: ['__FALLA__'] });
let erpDown = false;
const erp: ErpLike = {
  post: (endpoint, payload) =>
    erpDown
      ? Promise.resolve({ ok: false, status: 0, error: 'El ERP no responde' })
      : simulated.post(endpoint, payload),
  get: (endpoint, query) =>
    erpDown
      ? Promise.resolve({ ok: false, status: 0, error: 'El ERP no responde' })
      : simulated.get(endpoint, query),
};

let server: StartedServer;
let admin: string;
let editor: string;
let outbox: string;
let app: IntegrationsApi;
let empresaId = 1;

const call = apiCaller(() => server.url);
const rows = async (url: string, filter: unknown) =>
  (await call(admin, 'GET', `${url}?filter=${q(filter)}`)).body as Row[];

/** ftp-srv logs every connection (bunyan): keep the test output readable. */
const quietLog = (() => {
  const noop = () => undefined;
  const log: Record<string, unknown> = {
    info: noop,
    warn: noop,
    error: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
  };
  log.child = () => log;
  return log as never;
})();

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), 'pim-aecoc-outbox-'));
  process.env.AECOC_OUTBOX_DIR = outbox;
  delete process.env.AECOC_FTP_HOST;
  server = await startTestServer({ seed: true, erp } as Parameters<typeof startTestServer>[0]);
  admin = await loginToken(server.url, demoLogins().admin);
  // A non-admin of company 1 holding every permiso: only company isolation limits them.
  editor = (await testUser(server.url, admin, 1)).token;
  // the brand the products' general data name must exist in the company
  expect((await call(admin, 'POST', '/Marca', { empresaId: 1, nombre: 'ACME' })).status).toBe(200);
  // The app's own calls (src/custom/integrations/api.ts) over the real HTTP client, as the admin.
  app = createIntegrationsApi({
    apiUrl: server.url,
    httpClient: testHttpClient(() => admin),
    getEmpresaId: () => empresaId,
    getAccessToken: () => admin,
  });
});

afterAll(async () => {
  await server?.stop();
  await rm(outbox, { recursive: true, force: true });
  delete process.env.AECOC_OUTBOX_DIR;
});

/** A fresh product of company 1 with a general record (with a volume: 10 x 20 x 30 cm). */
async function product(nombre: string, extra: Row = {}, general: Row = {}): Promise<Row> {
  const created = await call(admin, 'POST', '/productos', {
    empresaId: 1,
    nombre,
    sincronizarConBC: 'S',
    ...extra,
  });
  expect(created.status).toBe(200);
  await call(admin, 'POST', '/producto-generals', {
    productoId: created.body.id,
    titulo: `Título ${nombre}`,
    marca: 'ACME',
    ean: '8412345678905',
    estadoReferencia: 'Activo',
    dimensiones: '10 x 20 x 30 cm',
    ...general,
  });
  return created.body;
}

describe('ERP synchronisation', () => {
  it('a manual product sync writes the sync-log fields, the relation rows and logsnavs', async () => {
    const p = await product('INT-SYNC-OK');
    // the spare part is a product of the company (not itself synchronised)
    await product('INT-REP-1', { sincronizarConBC: 'N' });
    const rep = await call(admin, 'POST', '/Repuestos', {
      skuPrincipal: 'INT-SYNC-OK',
      skuRepuesto: 'INT-REP-1',
    });
    expect(rep.status).toBe(200);
    const before = Date.now();
    const res = await call(admin, 'GET', `/sincronizaProductosManual?idProducto=${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      respuesta: 'OK',
      estado: 'OK',
      total: 2,
      sincronizados: 2,
      fallidos: 0,
      errores: [],
    });
    // what the ERP sync page shows
    expect(manualSyncOutcome(res.body)).toMatchObject({ severity: 'success', summary: { total: 2 } });
    const [stored] = await rows('/productos', { where: { id: p.id } });
    expect(Date.parse(String(stored.fechaSincronizacionConBC))).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(String(stored.fechaEjecucionDeProcesoSincroBC))).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.motivoErrorSincroConBC ?? null).toBeNull();
    const [relation] = await rows('/Repuestos', { where: { id: rep.body.id } });
    expect(relation.fechaSincronizacionConBC).toBeTruthy();
    const logs = await rows('/logsnavs', { where: { registro: 'INT-SYNC-OK' } });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ tabla: 'productos', nivel: 'INFO' });
    const sent = simulated.calls.filter((c) => (c.payload as Row)?.no === 'INT-SYNC-OK');
    expect(sent[0]).toMatchObject({
      endpoint: 'PIMIntegration_Items',
      payload: { marca: 'ACME', descripcion: 'Título INT-SYNC-OK' },
    });
  });

  it('an ERP rejection writes the reason on the row and an ERROR log, and clears it after a later success', async () => {
    const p = await product('INT-SYNC-__FALLA__');
    const reason = 'El ERP rechazó __FALLA__';
    // The manual route answers the ERP's refusal as a 424 with its reason; the app shows that message.
    const res = await call(admin, 'GET', `/sincronizaProductosManual?idProducto=${p.id}`);
    expect(res.status).toBe(424);
    expect(String(res.body.error?.message)).toContain(reason);
    await expect(app.integrationsSyncProduct(Number(p.id))).rejects.toThrow(reason);
    let [stored] = await rows('/productos', { where: { id: p.id } });
    expect(stored.motivoErrorSincroConBC).toBe(reason);
    expect(stored.fechaEjecucionDeProcesoSincroBC).toBeTruthy();
    expect(stored.fechaSincronizacionConBC ?? null).toBeNull();
    const logs = await rows('/logsnavs', { where: { registro: 'INT-SYNC-__FALLA__' } });
    expect(logs[0]).toMatchObject({ nivel: 'ERROR', mensaje: reason });

    await call(admin, 'PATCH', `/productos/${p.id}`, { nombre: 'INT-SYNC-ARREGLADO' });
    const again = await call(
      admin,
      'GET',
      `/sincronizaEstadoReferenciaManual?idProducto=${p.id}&empresaId=1`,
    );
    expect(again.body).toMatchObject({ estado: 'OK', sincronizados: 1 });
    [stored] = await rows('/productos', { where: { id: p.id } });
    expect(stored.motivoErrorSincroConBC ?? null).toBeNull();
    expect(stored.fechaSincronizacionConBC).toBeTruthy();
  });

  it('ERP down: every selected row gets the reason, nothing is reported as synchronised', async () => {
    const a = await product('INT-DOWN-A');
    const b = await product('INT-DOWN-B');
    erpDown = true;
    try {
      // Several chosen products: the connector's POST /sincronizarProductosEnBC {ids}.
      const res = await call(admin, 'POST', '/sincronizarProductosEnBC?empresaId=1', { ids: [a.id, b.id] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ estado: 'ERROR', total: 2, sincronizados: 0, fallidos: 2 });
      expect(String(res.body.mensaje)).toContain('El ERP no responde');
      const stored = await rows('/productos', { where: { id: { inq: [a.id, b.id] } } });
      for (const row of stored) {
        expect(row.motivoErrorSincroConBC).toBe('El ERP no responde');
        expect(row.fechaSincronizacionConBC ?? null).toBeNull();
      }
      const ean = await call(admin, 'GET', '/NewEANCode/HERR');
      expect(ean.status).toBe(424);
      expect(ean.body.error).toMatchObject({ message: 'El ERP no responde', code: 'ERP_UNAVAILABLE' });
    } finally {
      erpDown = false;
    }
  });

  it("the full product sync covers the company's products with sincronizarConBC S only", async () => {
    const res = await call(editor, 'GET', '/sincronizaProductos');
    expect(res.status).toBe(200);
    const expected = (await rows('/productos', { where: { empresaId: 1, sincronizarConBC: 'S' } })).length;
    const failed = (res.body.errores as Row[]).filter((e) => e.tabla === 'productos').map((e) => e.registro);
    // Only the product whose general data still carries the simulated failure marker is rejected.
    expect(failed).toEqual(['INT-SYNC-ARREGLADO']);
    expect(res.body).toMatchObject({ estado: 'PARCIAL' });
    const productCalls = simulated.calls.filter((c) => c.endpoint === 'PIMIntegration_Items');
    expect(new Set(productCalls.map((c) => (c.payload as Row).no)).size).toBeGreaterThanOrEqual(expected);
    expect(res.body.total).toBeGreaterThanOrEqual(expected);
    expect((await call(editor, 'GET', '/sincronizaProductos?empresaId=2')).status).toBe(403);
  });

  it('a manual sync of an unknown product is a 404; the manual reference sync needs idProducto', async () => {
    expect((await call(admin, 'GET', '/sincronizaProductosManual?idProducto=99999999')).status).toBe(404);
    const missing = await call(admin, 'GET', '/sincronizaEstadoReferenciaManual');
    expect(missing.status).toBe(400);
    expect((missing.body.error as Row).message).toBe(
      'required parameter idProducto was null or undefined when calling sincronizaEstadoReferenciaManual',
    );
  });
});

describe('one product through the spec route, the full sync without parameters', () => {
  it("the manual rules show: no volume is 'volumen NO' (nothing sent), sincronizarConBC N is skipped", async () => {
    const flat = await product('INT-MAN-SINVOLUMEN', {}, { dimensiones: null });
    const sent = simulated.calls.length;
    const refused = await app.integrationsSyncProduct(Number(flat.id));
    expect(refused).toMatchObject({ respuesta: 'volumen NO' });
    expect(manualSyncOutcome(refused)).toMatchObject({ severity: 'warning', title: VOLUME_TITLE });
    expect(simulated.calls.length).toBe(sent);
    const [stored] = await rows('/productos', { where: { id: flat.id } });
    expect(String(stored.motivoErrorSincroConBC)).toContain('volumen');

    const off = await product('INT-MAN-NOMARCADO', { sincronizarConBC: 'N' });
    const skipped = await app.integrationsSyncProduct(Number(off.id));
    expect(skipped).toMatchObject({ respuesta: 'OMITIDO' });
    expect(manualSyncOutcome(skipped).severity).toBe('warning');
    expect(simulated.calls.length).toBe(sent);
  });

  it('/sincronizaProductos ignores an idProducto (spec: no parameters): it syncs the whole selection', async () => {
    const one = await product('INT-IGNORA-ID');
    const marked = (await rows('/productos', { where: { empresaId: 1, sincronizarConBC: 'S' } })).length;
    expect(marked).toBeGreaterThan(1);
    const res = await call(admin, 'GET', `/sincronizaProductos?empresaId=1&idProducto=${one.id}`);
    expect(res.status).toBe(200);
    // every marked product was sent, not only the one named
    const sentProducts = new Set(
      simulated.calls.filter((c) => c.endpoint === 'PIMIntegration_Items').map((c) => (c.payload as Row).no),
    );
    expect(res.body.total as number).toBeGreaterThanOrEqual(marked);
    for (const row of await rows('/productos', { where: { empresaId: 1, sincronizarConBC: 'S' } }))
      expect(sentProducts.has(row.nombre)).toBe(true);
  });

  it('the progress counts of a full sync: 0 of N before, N of N after (server clock baseline)', async () => {
    const baseline = await app.integrationsSyncBaseline();
    const marked = (await rows('/productos', { where: { empresaId: 1, sincronizarConBC: 'S' } })).length;
    // MySQL's DATETIME keeps whole seconds: the run starts in a later second than the baseline.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await app.integrationsSyncProgress(baseline)).toEqual({ done: 0, total: marked });
    const summary = await app.integrationsSyncProducts();
    expect(summary.total).toBeGreaterThanOrEqual(marked);
    expect(await app.integrationsSyncProgress(baseline)).toEqual({ done: marked, total: marked });
  });
});

describe('AECOC without an FTP server', () => {
  it('keeps the file in the local folder: estado OK, subido false, destino local — the app warns, not success', async () => {
    await product('INT-AECOC-LOCAL', { enviarAecoc: 'S' });
    const res = await call(admin, 'GET', '/enviarAECOC?empresaId=1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ estado: 'OK', subido: false, destino: 'local' });
    expect((await readdir(outbox)).includes(String(res.body.fichero))).toBe(true);
    const outcome = aecocOutcome(await app.integrationsSendAecoc());
    expect(outcome.severity).toBe('warning');
    expect(outcome.mensaje).toContain(AECOC_LOCAL_TEXT);
  });

  it('the manual send with no FTP server is an ERROR answer (not a 5xx)', async () => {
    const res = await call(admin, 'GET', '/enviarAECOCmanual/pim/clave-sin-ftp?empresaId=1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ estado: 'ERROR', subido: false });
  });
});

describe('ERP connector', () => {
  it('NewEANCode asks TW_Functions_NewEANCode for the category and answers data.mensaje (a valid EAN-13)', async () => {
    const res = await call(admin, 'GET', '/NewEANCode/HERR');
    expect(res.status).toBe(200);
    const ean = String((res.body.data as Row).mensaje);
    expect(ean).toMatch(/^\d{13}$/);
    const digits = [...ean].map(Number);
    const sum = digits.slice(0, 12).reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 1 : 3), 0);
    expect((10 - (sum % 10)) % 10).toBe(digits[12]);
    expect(simulated.calls.at(-1)).toEqual({
      endpoint: 'TW_Functions_NewEANCode',
      payload: { itemCategoryCode: 'HERR' },
    });
  });

  it('removes a product from the ERP with TW_Functions_DeleteItem items [{no, marca}], and validates', async () => {
    await call(admin, 'POST', '/InsertItem', { no: 'INT-DEL-1', marca: 'ACME' });
    expect(simulated.items.has('INT-DEL-1')).toBe(true);
    const res = await call(admin, 'POST', '/postEliminarProductoDeBC', {
      items: [{ no: 'INT-DEL-1', marca: 'ACME' }],
    });
    expect(res.status).toBe(200);
    expect(simulated.calls.at(-1)).toEqual({
      endpoint: 'TW_Functions_DeleteItem',
      payload: { items: [{ no: 'INT-DEL-1', marca: 'ACME' }] },
    });
    expect(simulated.items.has('INT-DEL-1')).toBe(false);
    expect((await call(admin, 'POST', '/postEliminarProductoDeBC', { items: [] })).status).toBe(422);
  });

  it('GET /endpoint passes the OData options; POST /token checks the connection', async () => {
    const res = await call(admin, 'GET', `/endpoint?$endpoint=items&$top=1&$skip=0&$count=true`);
    expect(res.status).toBe(200);
    expect(simulated.calls.at(-1)).toEqual({
      endpoint: 'items',
      payload: { $top: '1', $skip: '0', $count: 'true' },
    });
    expect(((res.body.data as Row).value as unknown[]).length).toBeLessThanOrEqual(1);
    expect((await call(admin, 'POST', '/token')).body).toMatchObject({ ok: true, tokenType: 'Bearer' });
    const noToken = await fetch(`${server.url}/sincronizaProductos`);
    expect(noToken.status).toBe(401);
  });
});

describe('AECOC', () => {
  let ftp: FtpSrv;
  let root: string;
  let port: number;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'pim-aecoc-ftp-'));
    await mkdir(path.join(root, 'entrada', 'respuestas'), { recursive: true });
    await writeFile(path.join(root, 'entrada', 'respuestas', 'RESP_001.txt'), 'OK 12 productos recibidos');
    port = await freePort();
    ftp = new FtpSrv({
      url: `ftp://127.0.0.1:${port}`,
      pasv_url: '127.0.0.1',
      pasv_min: 30000,
      pasv_max: 40000,
      anonymous: false,
      log: quietLog,
    });
    ftp.on('login', ({ username, password }, resolve, reject) => {
      if (username === 'pim' && password === 'secreta') resolve({ root });
      else reject(new Error('Invalid username or password'));
    });
    await ftp.listen();
    Object.assign(process.env, {
      AECOC_FTP_HOST: '127.0.0.1',
      AECOC_FTP_PORT: String(port),
      AECOC_FTP_USER: 'pim',
      AECOC_FTP_PASSWORD: 'secreta',
      AECOC_FTP_DIR: '/entrada',
    });
  });

  afterAll(async () => {
    for (const key of [
      'AECOC_FTP_HOST',
      'AECOC_FTP_PORT',
      'AECOC_FTP_USER',
      'AECOC_FTP_PASSWORD',
      'AECOC_FTP_DIR',
    ])
      delete process.env[key];
    await ftp?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('uploads the file of the products with enviarAecoc S to the FTP server, keeps it locally and logs it', async () => {
    await product('INT-AECOC-SI', { enviarAecoc: 'S' });
    await product('INT-AECOC-NO', { enviarAecoc: 'N' });
    const expected = (await rows('/productos', { where: { empresaId: 1, enviarAecoc: 'S' } })).map(
      (r) => r.nombre,
    );
    const res = await call(admin, 'GET', '/enviarAECOC?empresaId=1');
    expect(res.body).toMatchObject({ estado: 'OK', subido: true, productos: expected.length });
    const name = String(res.body.fichero);
    const remote = await readFile(path.join(root, 'entrada', name), 'utf8');
    const lines = remote.trim().split('\r\n');
    expect(lines[0].split(';')[0]).toBe('SKU');
    const skus = lines.slice(1).map((l) => l.split(';')[0]);
    expect(skus.sort()).toEqual([...expected].map(String).sort());
    expect(skus).toContain('INT-AECOC-SI');
    expect(skus).not.toContain('INT-AECOC-NO');
    expect(lines.find((l) => l.startsWith('INT-AECOC-SI;'))).toContain('8412345678905');
    const local = await call(admin, 'GET', '/obtenerarchivoslocalesAecoc?empresaId=1');
    expect((local.body as Row[]).map((f) => f.nombre)).toContain(name);
    const logs = await rows('/logsnavs', { where: { tabla: 'aecoc', registro: name } });
    expect(logs[0]).toMatchObject({ nivel: 'INFO' });
  });

  it('a refused FTP login (manual credentials) is an ERROR with a clear reason and a log row; nothing is stored', async () => {
    const before = await readdir(path.join(root, 'entrada'));
    const res = await call(admin, 'GET', '/enviarAECOCmanual/otro%40demo.pim/mala?empresaId=1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ estado: 'ERROR', subido: false });
    expect(String(res.body.mensaje)).toContain('El servidor FTP de AECOC rechazó el usuario o la contraseña');
    expect(JSON.stringify(res.body)).not.toContain('mala');
    expect(await readdir(path.join(root, 'entrada'))).toEqual(before);
    const logs = await rows('/logsnavs', { where: { tabla: 'aecoc', registro: String(res.body.fichero) } });
    expect(logs[0]).toMatchObject({ nivel: 'ERROR' });
    expect(JSON.stringify(logs)).not.toContain('mala');
    const ok = await call(admin, 'GET', '/enviarAECOCmanual/pim/secreta?empresaId=1');
    expect(ok.body).toMatchObject({ estado: 'OK', subido: true });
  });

  it('a local folder that cannot be written: ERROR answer, logged, and the password in no log line', async () => {
    const blocker = path.join(root, 'no-es-una-carpeta');
    await writeFile(blocker, 'x');
    process.env.AECOC_OUTBOX_DIR = path.join(blocker, 'outbox');
    const printed: string[] = [];
    const spyErr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => {
      printed.push(String(chunk));
      return true;
    });
    const spyConsole = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
    });
    const secret = 'Cl4ve-Secreta-AECOC';
    try {
      const res = await call(admin, 'GET', `/enviarAECOCmanual/pim/${secret}?empresaId=1`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ estado: 'ERROR', subido: false });
      expect(String(res.body.mensaje)).toContain('No se pudo guardar el fichero AECOC en la carpeta local');
      expect(JSON.stringify(res.body)).not.toContain(secret);
      const logs = await rows('/logsnavs', { where: { tabla: 'aecoc', nivel: 'ERROR' }, order: ['id DESC'] });
      expect(String(logs[0]?.mensaje)).toContain('No se pudo guardar el fichero AECOC');
      // Even a 5xx on that route would be logged masked: the app's bound error logger.
      const logError = (
        server as unknown as { app: { getSync(key: string): (e: Error, s: number, r: unknown) => void } }
      ).app.getSync('rest.sequence.actions.logError');
      logError(new Error(`fallo con ${secret}`), 500, {
        method: 'GET',
        url: `/enviarAECOCmanual/pim/${secret}?empresaId=1`,
        originalUrl: `/enviarAECOCmanual/pim/${secret}?empresaId=1`,
      });
      expect(printed.join('\n')).toContain('/enviarAECOCmanual/***/***');
      expect(printed.join('\n')).not.toContain(secret);
    } finally {
      spyErr.mockRestore();
      spyConsole.mockRestore();
      process.env.AECOC_OUTBOX_DIR = outbox;
    }
  });

  it("fetches the FTP server's response files with their text", async () => {
    const res = await call(admin, 'GET', '/obtenerrespuestaAECOCFTP');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ nombre: 'RESP_001.txt', contenido: 'OK 12 productos recibidos' }),
    ]);
  });
});

describe('shopping feed', () => {
  it('is an .xlsx (exceljs) with one row per product of the company, and a file name', async () => {
    const res = await fetch(`${server.url}/generarExcelShoppingfeed?empresaId=1`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="shoppingfeed_1_\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'SKU',
      'Título',
      'Descripción',
      'Marca',
      'EAN',
      'Categorías',
      'Imagen',
      'Precio',
    ]);
    const products = await rows('/productos', { where: { empresaId: 1 }, fields: { nombre: true } });
    const skus: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) skus.push(String(row.getCell(1).value));
    });
    expect(skus.sort()).toEqual(products.map((p) => String(p.nombre)).sort());
    const row = sheet.getRows(2, sheet.rowCount - 1)?.find((r) => r.getCell(1).value === 'INT-SYNC-OK');
    expect(row?.getCell(4).value).toBe('ACME');
    expect(row?.getCell(5).value).toBe('8412345678905');
  });

  it("a company with no products: the header only, and the app says 'No hay productos para el feed'", async () => {
    const empresa = await call(admin, 'POST', '/empresas', {
      nombre: 'Empresa sin productos',
      codigo: 'VACIA-FEED',
    });
    expect(empresa.status).toBe(200);
    empresaId = Number(empresa.body.id);
    try {
      const download = await app.integrationsShoppingFeed();
      expect(download.rows).toBe(0);
      expect(feedOutcome(download.fileName, download.rows).mensaje).toContain(FEED_EMPTY);
    } finally {
      empresaId = 1;
    }
    const full = await app.integrationsShoppingFeed();
    expect(full.rows).toBe(
      (await rows('/productos', { where: { empresaId: 1 }, fields: { id: true } })).length,
    );
  });

  it('read in keyset pages: with 2 products a page the file is the same, row for row, and each row is the product with its first general and catalogue records', async () => {
    const cells = async (): Promise<unknown[][]> => {
      const res = await fetch(`${server.url}/generarExcelShoppingfeed?empresaId=1`, {
        headers: { Authorization: `Bearer ${admin}` },
      });
      expect(res.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
      const out: unknown[][] = [];
      workbook.worksheets[0].eachRow((row, n) => {
        if (n > 1) out.push(FEED_COLUMNS.map((_, i) => row.getCell(i + 1).value ?? null));
      });
      return out;
    };
    const whole = await cells();
    process.env.FEED_PAGE_SIZE = '2';
    let paged: unknown[][];
    try {
      paged = await cells();
    } finally {
      delete process.env.FEED_PAGE_SIZE;
    }
    const products = await rows('/productos', { where: { empresaId: 1 }, order: ['id ASC'] });
    expect(products.length).toBeGreaterThan(6);
    expect(paged).toEqual(whole);
    expect(whole).toHaveLength(products.length);
    const ids = products.map((p) => p.id);
    const firstOf = async (resource: string) => {
      const byProduct = new Map<unknown, Row>();
      const found = await rows(`/${resource}`, { where: { productoId: { inq: ids } }, order: ['id ASC'] });
      for (const row of found) if (!byProduct.has(row.productoId)) byProduct.set(row.productoId, row);
      return byProduct;
    };
    const [generals, catalogue] = await Promise.all([
      firstOf('producto-generals'),
      firstOf('producto-datos-catalogo'),
    ]);
    const expected = new Map(
      products.map((p) => [
        String(p.nombre),
        FEED_COLUMNS.map((c) => feedRow(p, generals.get(p.id), catalogue.get(p.id))[c.key]),
      ]),
    );
    for (const row of whole) expect(row).toEqual(expected.get(String(row[0])));
    expect(whole.some((row) => row[1] !== null)).toBe(true);
  });

  it('another company is refused to a non-admin', async () => {
    const res = await fetch(`${server.url}/generarExcelShoppingfeed?empresaId=2`, {
      headers: { Authorization: `Bearer ${editor}` },
    });
    expect(res.status).toBe(403);
  });
});
