// @vitest-environment node
/**
 * Reference API, company isolation of child tables (`companyVia`): producto-generals, ProductoIconos,
 * catalogos-productos, the SKU tables (Sustitutos/Ensamblados/Repuestos by skuPrincipal = a product's nombre),
 * EmpresasBC and Tablas carry no empresaId and belong to the company of their parent.
 * The editor (company 1) neither sees nor writes company 2's children; the admin sees everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';
import { testUser } from '../support/access';
import { FORBIDDEN, apiHelpers, notFound, q, type Row } from '../support/api';

let server: StartedServer;
let admin: string;
let editor: string;
let producto1: Row;
let producto2: Row;
let catalogo1: Row;
let catalogo2: Row;
let icono: Row;
/** An icon of company 2 (a product's icons are of its own company). */
let icono2: Row;
/** Rows created by the admin under the company 2 parents. */
let general2: Row;
let catProd2: Row;

const { call, rows, count } = apiHelpers(() => server.url);

const created = async (token: string, path: string, body: unknown): Promise<Row> => {
  const res = await call(token, 'POST', path, body);
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
  // A non-admin of company 1 holding every permiso: only company isolation limits them.
  editor = (await testUser(server.url, admin, 1)).token;
  [producto1] = await rows(admin, '/productos', { where: { empresaId: 1 }, limit: 1 });
  [producto2] = await rows(admin, '/productos', { where: { empresaId: 2 }, limit: 1 });
  [catalogo1] = await rows(admin, '/catalogos', { where: { empresaId: 1 }, limit: 1 });
  [catalogo2] = await rows(admin, '/catalogos', { where: { empresaId: 2 }, limit: 1 });
  [icono] = await rows(admin, '/Iconos', { where: { empresaId: 1 }, limit: 1 });
  const linked = new Set(
    (await rows(admin, '/ProductoIconos', { where: { idProducto: producto2.id } })).map((r) => r.idIcono),
  );
  [icono2] = (await rows(admin, '/Iconos', { where: { empresaId: 2 } })).filter((r) => !linked.has(r.id));
  expect(producto1 && producto2 && catalogo1 && catalogo2 && icono && icono2).toBeTruthy();
  general2 = await created(admin, '/producto-generals', { productoId: producto2.id, titulo: 'Ajeno C2' });
  catProd2 = await created(admin, '/catalogos-productos', {
    catalogoId: catalogo2.Id,
    productoId: producto2.id,
  });
  await created(admin, '/ProductoIconos', { idProducto: producto2.id, idIcono: icono2.id, texto: '' });
});

afterAll(async () => {
  await server?.stop();
});

describe('producto-generals of another company', () => {
  it('are not listed or counted for the editor, however the where is written', async () => {
    expect(await rows(editor, '/producto-generals', { where: { productoId: producto2.id } })).toEqual([]);
    expect(await count(editor, '/producto-generals', { productoId: producto2.id })).toBe(0);
    expect(await rows(editor, '/producto-generals', { where: { id: general2.id } })).toEqual([]);
    const all = await rows(editor, '/producto-generals', { limit: 5000 });
    expect(all.some((r) => r.id === general2.id)).toBe(false);
  });

  it('answer 404 by id (read, PATCH, PUT, DELETE) and stay untouched', async () => {
    const nf = notFound('ProductoGeneral', general2.id);
    expect((await call(editor, 'GET', `/producto-generals/${general2.id}`)).body).toEqual(nf);
    expect((await call(editor, 'PATCH', `/producto-generals/${general2.id}`, { titulo: 'X' })).body).toEqual(
      nf,
    );
    const put = await call(editor, 'PUT', `/producto-generals/${general2.id}`, {
      productoId: producto1.id,
      titulo: 'X',
    });
    expect(put.body).toEqual(nf);
    expect((await call(editor, 'DELETE', `/producto-generals/${general2.id}`)).body).toEqual(nf);
    const stored = (await call(admin, 'GET', `/producto-generals/${general2.id}`)).body;
    expect(stored).toMatchObject({ productoId: producto2.id, titulo: 'Ajeno C2' });
  });

  it('cannot be created, moved in or updated in bulk by the editor', async () => {
    expect((await call(editor, 'POST', '/producto-generals', { productoId: producto2.id })).body).toEqual(
      FORBIDDEN,
    );
    const own = await created(editor, '/producto-generals', { productoId: producto1.id, titulo: 'Propio' });
    const moved = await call(editor, 'PATCH', `/producto-generals/${own.id}`, { productoId: producto2.id });
    expect(moved.body).toEqual(FORBIDDEN);
    const bulk = await call(editor, 'PATCH', `/producto-generals?where=${q({ id: general2.id })}`, {
      titulo: 'Bulk',
    });
    expect(bulk.body).toEqual({ count: 0 });
    expect((await call(admin, 'GET', `/producto-generals/${general2.id}`)).body.titulo).toBe('Ajeno C2');
  });
});

describe('the editor still works on its own company', () => {
  it('reads, updates and deletes its own producto-generals', async () => {
    const own = await created(editor, '/producto-generals', { productoId: producto1.id, titulo: 'Mío' });
    expect((await call(editor, 'GET', `/producto-generals/${own.id}`)).body).toMatchObject({ titulo: 'Mío' });
    expect((await rows(editor, '/producto-generals', { where: { productoId: producto1.id } })).length).toBe(
      await count(admin, '/producto-generals', { productoId: producto1.id }),
    );
    expect((await call(editor, 'PATCH', `/producto-generals/${own.id}`, { titulo: 'Mío 2' })).status).toBe(
      204,
    );
    const put = await call(editor, 'PUT', `/producto-generals/${own.id}`, {
      productoId: producto1.id,
      titulo: 'Mío 3',
    });
    expect(put.status).toBe(204);
    expect((await call(editor, 'GET', `/producto-generals/${own.id}`)).body).toMatchObject({
      titulo: 'Mío 3',
      productoId: producto1.id,
    });
    expect((await call(editor, 'DELETE', `/producto-generals/${own.id}`)).status).toBe(204);
  });

  it('adds its products to its own catalogues and icons to its own products', async () => {
    const link = await created(editor, '/catalogos-productos', {
      catalogoId: catalogo1.Id,
      productoId: producto1.id,
    });
    expect((await call(editor, 'GET', `/catalogos-productos/${link.id}`)).status).toBe(200);
    await created(editor, '/ProductoIconos', { idProducto: producto1.id, idIcono: icono.id });
    const listed = await rows(editor, '/ProductoIconos', { where: { idProducto: producto1.id } });
    expect(listed.some((r) => r.idIcono === icono.id)).toBe(true);
    expect((await call(editor, 'DELETE', `/ProductoIconos/${producto1.id}/${icono.id}`)).status).toBe(204);
    expect(await count(admin, '/ProductoIconos', { idProducto: producto1.id, idIcono: icono.id })).toBe(0);
  });
});

describe('catalogos-productos of another company', () => {
  it('are hidden, 404 by id and 403 on create', async () => {
    expect(await rows(editor, '/catalogos-productos', { where: { catalogoId: catalogo2.Id } })).toEqual([]);
    expect((await call(editor, 'GET', `/catalogos-productos/${catProd2.id}`)).body).toEqual(
      notFound('CatalogoProducto', catProd2.id),
    );
    expect(
      (await call(editor, 'PATCH', `/catalogos-productos/${catProd2.id}`, { productoId: producto1.id })).body,
    ).toEqual(notFound('CatalogoProducto', catProd2.id));
    const post = await call(editor, 'POST', '/catalogos-productos', {
      catalogoId: catalogo2.Id,
      productoId: producto1.id,
    });
    expect(post.body).toEqual(FORBIDDEN);
  });
});

describe('ProductoIconos of another company', () => {
  it('are hidden, 403 on create, and neither composite delete touches them', async () => {
    const where = { idProducto: producto2.id };
    expect(await rows(editor, '/ProductoIconos', { where })).toEqual([]);
    expect(await count(editor, '/ProductoIconos', where)).toBe(0);
    const post = await call(editor, 'POST', '/ProductoIconos', {
      idProducto: producto2.id,
      idIcono: icono2.id,
    });
    expect(post.body).toEqual(FORBIDDEN);
    const one = await call(editor, 'DELETE', `/ProductoIconos/${producto2.id}/${icono2.id}`);
    expect(one.status).toBe(404);
    expect(one.body.error?.code).toBe('ENTITY_NOT_FOUND');
    expect((await call(editor, 'DELETE', `/ProductoIconosDeleteByIdProducto/${producto2.id}`)).status).toBe(
      204,
    );
    expect(await count(admin, '/ProductoIconos', { idProducto: producto2.id, idIcono: icono2.id })).toBe(1);
  });
});

describe('the admin', () => {
  it('sees and writes every company', async () => {
    expect((await rows(admin, '/producto-generals', { where: { productoId: producto2.id } })).length).toBe(
      await count(admin, '/producto-generals', { productoId: producto2.id }),
    );
    expect(await count(admin, '/producto-generals', { id: general2.id })).toBe(1);
    expect((await call(admin, 'GET', `/catalogos-productos/${catProd2.id}`)).status).toBe(200);
    expect(
      (await call(admin, 'PATCH', `/producto-generals/${general2.id}`, { titulo: 'Admin' })).status,
    ).toBe(204);
    expect(await count(admin, '/ProductoIconos', { idProducto: producto2.id })).toBeGreaterThan(0);
  });
});

describe('SKU tables, ERP links and integration tables of another company', () => {
  it('Sustitutos, Ensamblados and Repuestos belong to the company of the product named by skuPrincipal', async () => {
    const bodies: Record<string, (sku: string) => Row> = {
      Sustitutos: (sku) => ({ skuPrincipal: sku, skuSustituto: `${sku}-S`, intercambiable: 'N' }),
      Ensamblados: (sku) => ({ skuPrincipal: sku, skuEnsamblado: `${sku}-E`, cantidad: 2 }),
      Repuestos: (sku) => ({ skuPrincipal: sku, skuRepuesto: `${sku}-R`, posicion: 1 }),
    };
    // the second SKUs name products of the principal's company
    for (const [empresaId, producto] of [
      [2, producto2],
      [1, producto1],
    ] as const) {
      for (const suffix of ['S', 'E', 'R']) {
        await created(admin, '/productos', { empresaId, nombre: `${String(producto.nombre)}-${suffix}` });
      }
    }
    for (const [path, body] of Object.entries(bodies)) {
      const other = await created(admin, `/${path}`, body(String(producto2.nombre)));
      expect(await rows(editor, `/${path}`, { where: { id: other.id } }), path).toEqual([]);
      expect((await call(editor, 'GET', `/${path}/${other.id}`)).status, path).toBe(404);
      expect((await call(editor, 'PATCH', `/${path}/${other.id}`, { descripcion: 'X' })).status, path).toBe(
        404,
      );
      expect((await call(editor, 'POST', `/${path}`, body(String(producto2.nombre)))).body, path).toEqual(
        FORBIDDEN,
      );
      await call(editor, 'DELETE', `/${path}/${other.id}/${encodeURIComponent(String(producto2.nombre))}`);
      expect(await count(admin, `/${path}`, { id: other.id }), path).toBe(1);
      const own = await created(editor, `/${path}`, body(String(producto1.nombre)));
      expect((await call(editor, 'GET', `/${path}/${own.id}`)).status, path).toBe(200);
    }
  });

  it('EmpresasBC follow their company and Tablas their template', async () => {
    const [marca] = await rows(admin, '/Marca', { where: { empresaId: 1 }, limit: 1 });
    const [marca2] = await rows(admin, '/Marca', { where: { empresaId: 2 }, limit: 1 });
    const link2 = await created(admin, '/EmpresasBC', { idEmpresa: 2, idMarca: marca2.id });
    expect(await rows(editor, '/EmpresasBC', { where: { idEmpresa: 2 } })).toEqual([]);
    expect((await call(editor, 'GET', `/EmpresasBC/${link2.id}`)).status).toBe(404);
    expect((await call(editor, 'POST', '/EmpresasBC', { idEmpresa: 2, idMarca: marca.id })).body).toEqual(
      FORBIDDEN,
    );
    expect((await call(editor, 'POST', '/EmpresasBC', { idEmpresa: 1, idMarca: marca.id })).status).toBe(200);
    // A company links only its own brands (the admin neither can join another company's brand).
    for (const token of [editor, admin]) {
      const foreign = await call(token, 'POST', '/EmpresasBC', { idEmpresa: 1, idMarca: marca2.id });
      expect(foreign.status).toBe(422);
      expect(foreign.body.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ path: '/idMarca' })],
      });
      expect(String(foreign.body.error?.message)).toMatch(/idMarca.*otra empresa/);
    }

    const plantilla2 = await created(admin, '/Plantilla', { empresaId: 2, nombre: 'Plantilla C2' });
    const tabla2 = await created(admin, '/Tablas', { plantillaId: plantilla2.id, nombre: 'productos' });
    expect(await rows(editor, '/Tablas', { where: { plantillaId: plantilla2.id } })).toEqual([]);
    expect((await call(editor, 'DELETE', `/Tablas/${tabla2.id}`)).status).toBe(404);
    expect(
      (await call(editor, 'POST', '/Tablas', { plantillaId: plantilla2.id, nombre: 'familias' })).body,
    ).toEqual(FORBIDDEN);
    expect(await count(admin, '/Tablas', { id: tabla2.id })).toBe(1);
  });
});
