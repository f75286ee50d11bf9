// @vitest-environment node
/**
 * Company isolation on the custom endpoints that used to cross companies: the ERP connector routes, the main
 * image rendering (GET /procesar-imagenes), EmpresasBC brand links, the ERP log (logsnavs) and writes that
 * reference another company's rows. The attacker is a non-admin of company 2 holding every permiso.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers, type Row } from '../support/api';
import { testUser } from '../support/access';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let admin: string;
let other: string;
let producto1: Row;
let producto2: Row;
const { call, rows, count } = apiHelpers(() => server.url);

const erpItems = async (token: string) => {
  const res = await call(token, 'GET', `/endpoint?$endpoint=items&$top=5000`);
  expect(res.status).toBe(200);
  return ((res.body as unknown as { data: { value: Row[] } }).data.value ?? []).map((i) => String(i.no));
};

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
  other = (await testUser(server.url, admin, 2)).token;
  [producto1] = await rows(admin, '/productos', { where: { empresaId: 1 }, order: ['id ASC'], limit: 1 });
  [producto2] = await rows(admin, '/productos', { where: { empresaId: 2 }, order: ['id ASC'], limit: 1 });
  expect(producto1 && producto2).toBeTruthy();
  // Both companies' products reach the (simulated) ERP.
  for (const empresaId of [1, 2]) {
    const ids = (await rows(admin, '/productos', { where: { empresaId }, limit: 5 })).map((p) => p.id);
    expect(
      (await call(admin, 'POST', `/sincronizarProductosEnBC?empresaId=${empresaId}`, { ids })).status,
    ).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('ERP connector routes', () => {
  it('need the sync erp permiso', async () => {
    const reader = (await testUser(server.url, admin, 2, ['read|productos'])).token;
    for (const [method, path] of [
      ['POST', '/token'],
      ['GET', '/endpoint?$endpoint=items'],
      ['POST', '/postEndpointBC?$endpoint=items'],
      ['POST', '/InsertItem'],
      ['POST', '/postEliminarProductoDeBC'],
      ['GET', '/NewEANCode/HERR'],
    ]) {
      const res = await call(reader, method, path, method === 'POST' ? {} : undefined);
      expect(res.status, path).toBe(403);
      expect(res.body.error, path).toMatchObject({ statusCode: 403, name: 'ForbiddenError' });
    }
  });

  it('list only the items of the caller’s company', async () => {
    const all = await erpItems(admin);
    expect(all).toContain(String(producto1.nombre));
    const seen = await erpItems(other);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toContain(String(producto2.nombre));
    expect(seen).not.toContain(String(producto1.nombre));
    const own = new Set((await rows(admin, '/productos', { where: { empresaId: 2 } })).map((p) => p.nombre));
    expect(seen.every((no) => own.has(no))).toBe(true);
  });

  it('write only for the caller’s products: another company’s is 422 naming the field, and stays', async () => {
    const foreign = String(producto1.nombre);
    for (const [path, body, field] of [
      ['/InsertItem', { no: foreign, descripcion: 'x' }, 'no'],
      ['/postEndpointBC?$endpoint=items', { no: foreign }, 'no'],
      ['/postEliminarProductoDeBC', { items: [{ no: foreign, marca: '' }] }, 'items[].no'],
    ] as const) {
      const res = await call(other, 'POST', path, body);
      expect(res.status, path).toBe(422);
      expect(String(res.body.error?.message), path).toContain(`«${field}»`);
    }
    expect(await erpItems(admin)).toContain(foreign);
    const own = await call(other, 'POST', '/InsertItem', { no: String(producto2.nombre), descripcion: 'x' });
    expect(own.status).toBe(200);
  });

  it('ask EAN codes only for the caller’s categories', async () => {
    const [foreignCategory] = await rows(admin, '/categorias', { where: { empresaId: 1, padre: 'master' } });
    const owned = await count(admin, '/categorias', { empresaId: 2, codigo: foreignCategory.codigo });
    const res = await call(other, 'GET', `/NewEANCode/${encodeURIComponent(String(foreignCategory.codigo))}`);
    expect(res.status).toBe(owned ? 200 : 422);
    const missing = await call(other, 'GET', '/NewEANCode/NO-EXISTE-EN-NINGUNA');
    expect(missing.status).toBe(422);
    expect(String(missing.body.error?.message)).toContain('«code»');
  });
});

describe('GET /procesar-imagenes', () => {
  it('renders only files inside the folders of the caller’s company’s products', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa2266' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([Uint8Array.from(png)], { type: 'image/png' }), 'ajena.png');
    const uploaded = await fetch(
      `${server.url}/images-upload/1/${encodeURIComponent(String(producto1.nombre))}/ajena.png`,
      { method: 'POST', headers: { Authorization: `Bearer ${admin}` }, body: form },
    );
    expect(uploaded.status).toBe(200);
    const { fichero } = (await uploaded.json()) as { fichero: string };
    expect(fichero).toContain(String(producto1.nombre));
    // Company 2 points a media record of its own product at company 1's file.
    const media = await call(other, 'POST', '/producto-multimedias', {
      productoId: producto2.id,
      nombre: 'Robada',
      tipo: 'Imagen',
      principalSN: 'S',
      fichero,
    });
    expect(media.status).toBe(200);
    const before = (await call(admin, 'GET', `/productos/${producto2.id}`)).body.imagen;
    const res = await call(
      other,
      'GET',
      `/procesar-imagenes?productos=${encodeURIComponent(String(producto2.nombre))}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.procesados).toEqual([]);
    expect((res.body.errores as unknown as Row[]).map((e) => e.producto)).toEqual([producto2.nombre]);
    expect((await call(admin, 'GET', `/productos/${producto2.id}`)).body.imagen).toEqual(before);
    // The same file, for its own company's product, renders.
    await call(admin, 'POST', '/producto-multimedias', {
      productoId: producto1.id,
      nombre: 'Propia',
      tipo: 'Imagen',
      principalSN: 'S',
      fichero,
    });
    const own = await call(
      admin,
      'GET',
      `/procesar-imagenes?productos=${encodeURIComponent(String(producto1.nombre))}`,
    );
    expect(own.body.procesados).toEqual([producto1.nombre]);
  });
});

describe('logsnavs', () => {
  it('is company data: listed, counted and deleted within the caller’s company only', async () => {
    const total = await count(admin, '/logsnavs');
    const own = await count(admin, '/logsnavs', { empresaId: 2 });
    expect(own).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(own);
    expect(await count(other, '/logsnavs')).toBe(own);
    const listed = await rows(other, '/logsnavs', { limit: 1000 });
    expect(listed.length).toBe(own);
    expect(listed.every((r) => r.empresaId === 2)).toBe(true);
    const [foreign] = await rows(admin, '/logsnavs', { where: { empresaId: 1 }, limit: 1 });
    expect((await call(other, 'DELETE', `/logsnavs/${foreign.id}`)).status).toBe(404);
    expect(await count(admin, '/logsnavs', { id: foreign.id })).toBe(1);
  });
});

describe('references to another company’s rows', () => {
  it('are 422 with a Spanish message naming the field, and nothing is written', async () => {
    const [marca1] = await rows(admin, '/Marca', { where: { empresaId: 1 }, limit: 1 });
    const [icono1] = await rows(admin, '/Iconos', { where: { empresaId: 1 }, limit: 1 });
    const before = await count(admin, '/EmpresasBC');
    const cases: [string, Row, string][] = [
      ['/EmpresasBC', { idEmpresa: 2, idMarca: marca1.id }, 'idMarca'],
      ['/ProductoIconos', { idProducto: producto2.id, idIcono: icono1.id }, 'idIcono'],
    ];
    for (const [path, body, field] of cases) {
      const res = await call(other, 'POST', path, body);
      expect(res.status, path).toBe(422);
      expect(res.body.error, path).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ path: `/${field}` })],
      });
      expect(String(res.body.error?.message), path).toMatch(new RegExp(`\\(${field}\\).*otra empresa`));
    }
    expect(await count(admin, '/EmpresasBC')).toBe(before);
    expect(await count(admin, '/ProductoIconos', { idProducto: producto2.id, idIcono: icono1.id })).toBe(0);
    // An update that points an own row at another company's row is refused too; one that keeps it is not.
    const [marca2] = await rows(admin, '/Marca', { where: { empresaId: 2 }, limit: 1 });
    const own = await call(other, 'POST', '/EmpresasBC', { idEmpresa: 2, idMarca: marca2.id });
    expect(own.status).toBe(200);
    const moved = await call(other, 'PATCH', `/EmpresasBC/${own.body.id}`, { idMarca: marca1.id });
    expect(moved.status).toBe(422);
    expect(String(moved.body.error?.message)).toMatch(/\(idMarca\).*otra empresa/);
    expect((await call(admin, 'GET', `/EmpresasBC/${own.body.id}`)).body.idMarca).toBe(marca2.id);
    expect((await call(other, 'PATCH', `/EmpresasBC/${own.body.id}`, { idEmpresa: 2 })).status).toBe(204);
    expect((await call(other, 'DELETE', `/EmpresasBC/${own.body.id}`)).status).toBe(204);
    // EmpresasBC rows of company 2 join only company 2 brands.
    const links = await rows(other, '/EmpresasBC', { where: { idEmpresa: 2 }, limit: 1000 });
    const brands2 = new Set((await rows(admin, '/Marca', { where: { empresaId: 2 } })).map((m) => m.id));
    expect(links.every((l) => brands2.has(l.idMarca))).toBe(true);
  });
});
