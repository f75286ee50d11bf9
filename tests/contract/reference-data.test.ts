// @vitest-environment node
/**
 * Contract: the reference-data endpoints (src/core/referenceData/contract.ts) over HTTP on the compiled API
 * with the demo seed, called through the app's own client (referenceDataApi + createHttpClient), plus the write
 * rules of the reference-data resources: products-per-range overlap and ERP calls, date order, the category
 * tree, codes unique within a company.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceDataApi, type ReferenceDataApi } from '../../src/dataProvider/referenceData';
import { erpRefusalMessage } from '../../src/resources/productosPorRango/erpRefusal';
import { testHttpClient } from '../support/appClient';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';
import { testUser } from '../support/access';
import { apiCaller, q } from '../support/api';

const require = createRequire(import.meta.url);

interface ErpCall {
  endpoint: string;
  payload: unknown;
}
const { SimulatedErp } = require('../../dist-server/server/erp/adapter.js') as {
  SimulatedErp: new (options?: { failOn?: string[] }) => {
    calls: ErpCall[];
    post(endpoint: string, payload: unknown): Promise<unknown>;
    get(endpoint: string, query?: Record<string, string>): Promise<unknown>;
  };
};

type Row = Record<string, unknown>;

const erp = new SimulatedErp({ failOn: ['SKU-ERP-FALLA'] });
let server: StartedServer;
let admin: string;
let editor: string;
let asAdmin: ReferenceDataApi;
const tag = `RD${Date.now() % 100000}`;

const call = apiCaller(() => server.url);
const rows = async (token: string, path: string, filter: unknown = {}) =>
  (await call(token, 'GET', `${path}?filter=${q(filter)}`)).body as Row[];

const apiFor = (token: () => string, empresaId = 1) =>
  referenceDataApi(server.url, testHttpClient(token), { getEmpresaId: () => empresaId });

const split = (value: unknown) =>
  String(value ?? '')
    .split(/[;,]/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

beforeAll(async () => {
  server = await startTestServer({ seed: true, erp } as Parameters<typeof startTestServer>[0]);
  admin = await loginToken(server.url, demoLogins().admin);
  // A non-admin of company 1 holding every permiso: only company isolation limits them.
  editor = (await testUser(server.url, admin, 1)).token;
  asAdmin = apiFor(() => admin);
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /productos/por-categoria/{tipo}/{nombre}', () => {
  it("answers 400 'Tipo no válido' for any tipo but categoria or subcategoria", async () => {
    for (const tipo of ['familia', 'Categoria', 'x']) {
      const res = await call(admin, 'GET', `/productos/por-categoria/${tipo}/Taladros`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        statusCode: 400,
        message: 'Tipo no válido',
        code: 'TIPO_NO_VALIDO',
      });
    }
    await expect(asAdmin.productosPorCategoria('marca', 'X')).rejects.toMatchObject({
      status: 400,
      message: 'Tipo no válido',
    });
  });

  it('subcategoria: exactly the products listing it; categoria: also those of its subcategories', async () => {
    const [top] = await rows(admin, '/categorias', { where: { empresaId: 1, padre: 'master' }, limit: 1 });
    const subs = await rows(admin, '/categorias', { where: { empresaId: 1, padre: top.codigo } });
    expect(subs.length).toBeGreaterThan(1);
    const all = await rows(admin, '/productos', { where: { empresaId: 1 } });
    const sub = String(subs[0].nombre);
    const expectedSub = all
      .filter((p) => split(p.categorias).includes(sub.toLowerCase()))
      .map((p) => p.nombre)
      .sort();
    const bySub = await asAdmin.productosPorCategoria('subcategoria', sub);
    expect(bySub.map((p) => p.nombre)).toEqual(expectedSub);
    expect(bySub.length).toBeGreaterThan(0);
    expect(bySub.every((p) => p.empresaId === 1)).toBe(true);

    const subNames = subs.map((s) => String(s.nombre).toLowerCase());
    const expectedTop = all
      .filter((p) => split(p.categorias).some((name) => subNames.includes(name)))
      .map((p) => String(p.nombre))
      .sort((a, b) => (a < b ? -1 : 1));
    const byTop = await asAdmin.productosPorCategoria('categoria', String(top.nombre));
    expect(byTop.map((p) => p.nombre)).toEqual(expectedTop);
    expect(byTop.length).toBeGreaterThan(bySub.length);
    // case-insensitive, as MySQL's collation
    expect((await asAdmin.productosPorCategoria('subcategoria', sub.toUpperCase())).length).toBe(
      bySub.length,
    );
  });

  it('an unknown category has no products; the editor only ever sees company 1', async () => {
    expect(await asAdmin.productosPorCategoria('subcategoria', `${tag}-nada`)).toEqual([]);
    const [top2] = await rows(admin, '/categorias', { where: { empresaId: 2, padre: 'master' }, limit: 1 });
    const admin2 = apiFor(() => admin, 2);
    const of2 = await admin2.productosPorCategoria('categoria', String(top2.nombre));
    expect(of2.length).toBeGreaterThan(0);
    expect(of2.every((p) => p.empresaId === 2)).toBe(true);
    const editorView = await apiFor(() => editor, 2).productosPorCategoria('categoria', String(top2.nombre));
    expect(editorView.every((p) => p.empresaId === 1)).toBe(true);
  });

  it('path parameters are required (docs/requirements.md#r5-validation client call rule)', async () => {
    await expect(asAdmin.productosPorCategoria('categoria', '')).rejects.toThrow(
      'Required parameter nombre was null or undefined when calling productosPorCategoria.',
    );
  });
});

describe('attributes removed from a category', () => {
  it('comprueba counts the products carrying it; elimina removes exactly those rows', async () => {
    const atributos = await rows(admin, '/atributos', { where: { empresaId: 1 } });
    const atributo = atributos.find((a) => split(a.categorias).length > 1);
    expect(atributo).toBeTruthy();
    const categoria = String(atributo!.categorias).split(',')[0].trim();
    const products = await asAdmin.productosPorCategoria('subcategoria', categoria);
    const ids = products.map((p) => p.id);
    const carrying = await rows(admin, '/producto-atributos', {
      where: { atributoId: atributo!.id, productoId: { inq: ids } },
    });
    const expected = new Set(carrying.map((r) => r.productoId)).size;
    expect(expected).toBeGreaterThan(0);

    const check = await call(
      admin,
      'GET',
      `/producto-atributos/comprueba-atributos-en-productos-por-categoria/${encodeURIComponent(categoria)}/${atributo!.id}`,
    );
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ count: expected });
    expect((check.body as unknown as { productos: string[] }).productos).toHaveLength(expected);
    expect(await asAdmin.compruebaAtributosEnProductosPorCategoria(categoria, atributo!.id as number)).toBe(
      expected,
    );
    const elsewhere = (await rows(admin, '/producto-atributos', { where: { atributoId: atributo!.id } }))
      .length;

    expect(await asAdmin.eliminaAtributosEnProductosPorCategoria(categoria, atributo!.id as number)).toBe(
      carrying.length,
    );
    expect(await asAdmin.compruebaAtributosEnProductosPorCategoria(categoria, atributo!.id as number)).toBe(
      0,
    );
    // the attribute stays on the products of its other categories
    const left = await rows(admin, '/producto-atributos', { where: { atributoId: atributo!.id } });
    expect(left.length).toBe(elsewhere - carrying.length);
    expect(left.every((r) => !ids.includes(r.productoId as number))).toBe(true);
  });

  it("another company's attribute is 404 for the editor; an unknown one is 404", async () => {
    const [atributo2] = await rows(admin, '/atributos', { where: { empresaId: 2 }, limit: 1 });
    const res = await call(
      editor,
      'GET',
      `/producto-atributos/comprueba-atributos-en-productos-por-categoria/X/${atributo2.id}`,
    );
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'ENTITY_NOT_FOUND' });
    const removal = await call(
      editor,
      'GET',
      `/producto-atributos/elimina-atributos-en-productos-por-categoria/X/${atributo2.id}`,
    );
    expect(removal.status).toBe(404);
    await expect(asAdmin.compruebaAtributosEnProductosPorCategoria('X', 999999)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('GET /obtenerSkuPrincipales', () => {
  it('answers the SKUs of the company, sorted, filtered by q and limited', async () => {
    const first = await asAdmin.suggestions('obtenerSkuPrincipales', { limit: 5 });
    expect(first).toHaveLength(5);
    expect([...first].sort()).toEqual(first);
    const all = (
      await rows(admin, '/productos', { where: { empresaId: 1 }, order: ['nombre ASC'], limit: 5 })
    ).map((p) => p.nombre);
    expect(first).toEqual(all);
    const term = String(first[0]).slice(-4).toLowerCase();
    const filtered = await asAdmin.suggestions('obtenerSkuPrincipales', { q: term });
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((sku) => sku.toLowerCase().includes(term))).toBe(true);
    expect(await asAdmin.suggestions('obtenerSkuPrincipales', { q: `${tag}%_` })).toEqual([]);
  });

  it('scopes by company: company 2 for the admin who selects it, never for the editor', async () => {
    const [p2] = await rows(admin, '/productos', { where: { empresaId: 2 }, limit: 1 });
    const sku = String(p2.nombre);
    expect(await apiFor(() => admin, 2).suggestions('obtenerSkuPrincipales', { q: sku })).toContain(sku);
    expect(await apiFor(() => editor, 2).suggestions('obtenerSkuPrincipales', { q: sku })).toEqual([]);
    const res = await call(editor, 'GET', '/obtenerSkuPrincipales?limit=3');
    expect(res.status).toBe(200);
    const own = new Set((await rows(admin, '/productos', { where: { empresaId: 1 } })).map((p) => p.nombre));
    expect((res.body as unknown as string[]).every((name) => own.has(name))).toBe(true);
  });

  it('needs a token', async () => {
    const res = await fetch(`${server.url}/obtenerSkuPrincipales`);
    expect(res.status).toBe(401);
  });
});

describe('ProductosPorRango: overlap refused, club items sent to the ERP', () => {
  let clubId: number;
  let clubNombre: string;
  let rangoId: number;
  let rango: string;
  const sku = `${tag}-SKU`;
  const day = (d: string) => `${d}T00:00:00.000Z`;

  beforeAll(async () => {
    const [club] = await rows(admin, '/Clubs', { where: { empresaId: 1 }, limit: 1 });
    const [tipo] = await rows(admin, '/TiposRango', { where: { empresaId: 1 }, limit: 1 });
    clubId = club.id as number;
    clubNombre = String(club.nombre);
    rangoId = tipo.id as number;
    rango = String(tipo.rango);
    // a range's SKU names a product of its company
    for (const nombre of [sku, 'SKU-ERP-FALLA', `SKU-ERP-FALLA-${tag}`]) {
      expect((await call(admin, 'POST', '/productos', { empresaId: 1, nombre })).status).toBe(200);
    }
  });

  const range = (desde: string, hasta: string, extra: Row = {}) => ({
    empresaId: 1,
    skuProducto: sku,
    rangoId,
    clubId,
    desdeFecha: day(desde),
    hastaFecha: day(hasta),
    ...extra,
  });

  it('creates a range, sends INSERT with CLUB, SKU, DesdeFecha, HastaFecha, Nivel, and logs it', async () => {
    const before = erp.calls.length;
    const res = await call(admin, 'POST', '/ProductosPorRango', range('2026-03-01', '2026-03-31'));
    expect(res.status).toBe(200);
    const sent = erp.calls.slice(before);
    expect(sent).toEqual([
      {
        endpoint: 'PIMIntegration_ItemClubItems',
        payload: {
          Acction: 'INSERT',
          items: [
            { CLUB: clubNombre, SKU: sku, DesdeFecha: '2026-03-01', HastaFecha: '2026-03-31', Nivel: rango },
          ],
        },
      },
    ]);
    const logs = await rows(admin, '/logsnavs', {
      where: { tabla: 'ProductosPorRango', registro: `${sku} · ${clubNombre}` },
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ nivel: 'INFO' });
    expect(String(logs[0].mensaje)).toContain('INSERT');
  });

  it('refuses an overlapping range (touching, contained, containing) with 422 on the date fields', async () => {
    const before = erp.calls.length;
    for (const [desde, hasta] of [
      ['2026-03-31', '2026-04-10'],
      ['2026-03-10', '2026-03-12'],
      ['2026-02-01', '2026-05-01'],
    ]) {
      const res = await call(admin, 'POST', '/ProductosPorRango', range(desde, hasta));
      expect(res.status).toBe(422);
      const message = 'El rango se solapa con otro del mismo producto y club (del 01/03/2026 al 31/03/2026).';
      expect(res.body.error).toMatchObject({
        statusCode: 422,
        code: 'VALIDATION_FAILED',
        message,
        details: [
          { path: '/desdeFecha', code: 'overlap', message },
          { path: '/hastaFecha', code: 'overlap', message },
        ],
      });
    }
    expect(erp.calls.length).toBe(before);
    expect(await rows(admin, '/ProductosPorRango', { where: { skuProducto: sku } })).toHaveLength(1);
  });

  it('accepts the next day, another club or another sku; an edit into an overlap is refused too', async () => {
    const next = await call(admin, 'POST', '/ProductosPorRango', range('2026-04-01', '2026-04-30'));
    expect(next.status).toBe(200);
    const [otherClub] = await rows(admin, '/Clubs', {
      where: { empresaId: 1, id: { neq: clubId } },
      limit: 1,
    });
    if (otherClub) {
      const res = await call(
        admin,
        'POST',
        '/ProductosPorRango',
        range('2026-03-10', '2026-03-12', { clubId: otherClub.id }),
      );
      expect(res.status).toBe(200);
    }
    const patched = await call(admin, 'PATCH', `/ProductosPorRango/${next.body.id}`, {
      desdeFecha: day('2026-03-15'),
    });
    expect(patched.status).toBe(422);
    const ok = await call(admin, 'PATCH', `/ProductosPorRango/${next.body.id}`, {
      hastaFecha: day('2026-05-15'),
    });
    expect(ok.status).toBe(204);
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await call(admin, 'POST', '/ProductosPorRango', range('2026-09-10', '2026-09-01'));
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      details: [
        { path: '/hastaFecha', code: 'notBefore', message: '«Hasta» no puede ser anterior a «Desde».' },
      ],
    });
  });

  it('a delete sends DELETE with CLUB, SKU, DesdeFecha; an ERP failure is logged as ERROR and the save stays', async () => {
    const created = await call(admin, 'POST', '/ProductosPorRango', range('2027-01-01', '2027-01-31'));
    const before = erp.calls.length;
    expect((await call(admin, 'DELETE', `/ProductosPorRango/${created.body.id}`)).status).toBe(204);
    expect(erp.calls.slice(before)).toEqual([
      {
        endpoint: 'PIMIntegration_ItemClubItems',
        payload: { Acction: 'DELETE', items: [{ CLUB: clubNombre, SKU: sku, DesdeFecha: '2027-01-01' }] },
      },
    ]);

    const failing = await call(admin, 'POST', '/ProductosPorRango', {
      ...range('2026-03-01', '2026-03-31'),
      skuProducto: 'SKU-ERP-FALLA',
    });
    expect(failing.status).toBe(200);
    const [log] = await rows(admin, '/logsnavs', {
      where: { tabla: 'ProductosPorRango', registro: `SKU-ERP-FALLA · ${clubNombre}` },
    });
    expect(log).toMatchObject({ nivel: 'ERROR' });
    expect(String(log.mensaje)).toContain('El ERP rechazó SKU-ERP-FALLA');
    // the row keeps the refusal, which the app turns into its warning
    const [saved] = await rows(admin, '/ProductosPorRango', { where: { id: failing.body.id } });
    expect(saved.motivoErrorSincroConBC).toBe('El ERP rechazó SKU-ERP-FALLA');
    expect(saved.fechaSincronizacionConBC ?? null).toBeNull();
    expect(erpRefusalMessage(saved)).toBe(
      'Producto por rango guardado, pero el ERP no lo aceptó: El ERP rechazó SKU-ERP-FALLA',
    );
  });

  const item = (payload: unknown) => ({ endpoint: 'PIMIntegration_ItemClubItems', payload });

  it('an edit of the dates withdraws the old item and sends the new one; an edit that changes nothing sends nothing', async () => {
    const created = await call(admin, 'POST', '/ProductosPorRango', range('2028-03-01', '2028-03-31'));
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    let before = erp.calls.length;
    const patched = await call(admin, 'PATCH', `/ProductosPorRango/${id}`, { hastaFecha: day('2028-04-15') });
    expect(patched.status).toBe(204);
    expect(erp.calls.slice(before)).toEqual([
      item({ Acction: 'DELETE', items: [{ CLUB: clubNombre, SKU: sku, DesdeFecha: '2028-03-01' }] }),
      item({
        Acction: 'INSERT',
        items: [
          { CLUB: clubNombre, SKU: sku, DesdeFecha: '2028-03-01', HastaFecha: '2028-04-15', Nivel: rango },
        ],
      }),
    ]);
    const [row] = await rows(admin, '/ProductosPorRango', { where: { id } });
    expect(row.motivoErrorSincroConBC ?? null).toBeNull();
    expect(row.fechaSincronizacionConBC).toBeTruthy();
    expect(erpRefusalMessage(row)).toBeUndefined();

    before = erp.calls.length;
    expect(
      (await call(admin, 'PATCH', `/ProductosPorRango/${id}`, { hastaFecha: day('2028-04-15') })).status,
    ).toBe(204);
    expect(erp.calls.length).toBe(before);

    // a PUT (replace) is an edit too
    const put = await call(admin, 'PUT', `/ProductosPorRango/${id}`, range('2028-05-01', '2028-05-31'));
    expect(put.status).toBe(204);
    expect(erp.calls.slice(before).map((c) => (c.payload as { Acction: string }).Acction)).toEqual([
      'DELETE',
      'INSERT',
    ]);
  });

  it('an edit the ERP refuses stays saved and the row says why; the next edit does not withdraw what the ERP never had', async () => {
    const created = await call(admin, 'POST', '/ProductosPorRango', range('2028-07-01', '2028-07-31'));
    const id = created.body.id as number;
    const refused = `SKU-ERP-FALLA-${tag}`;
    let before = erp.calls.length;
    expect((await call(admin, 'PATCH', `/ProductosPorRango/${id}`, { skuProducto: refused })).status).toBe(
      204,
    );
    expect(erp.calls.slice(before)).toEqual([
      item({ Acction: 'DELETE', items: [{ CLUB: clubNombre, SKU: sku, DesdeFecha: '2028-07-01' }] }),
      item({
        Acction: 'INSERT',
        items: [
          {
            CLUB: clubNombre,
            SKU: refused,
            DesdeFecha: '2028-07-01',
            HastaFecha: '2028-07-31',
            Nivel: rango,
          },
        ],
      }),
    ]);
    const [row] = await rows(admin, '/ProductosPorRango', { where: { id } });
    expect(row).toMatchObject({ skuProducto: refused });
    expect(row.motivoErrorSincroConBC).toBe(`alta del rango: El ERP rechazó SKU-ERP-FALLA`);
    expect(row.fechaSincronizacionConBC ?? null).toBeNull();
    expect(erpRefusalMessage(row)).toBe(
      'Producto por rango guardado, pero el ERP no lo aceptó: alta del rango: El ERP rechazó SKU-ERP-FALLA',
    );

    before = erp.calls.length;
    expect((await call(admin, 'PATCH', `/ProductosPorRango/${id}`, { skuProducto: sku })).status).toBe(204);
    expect(erp.calls.slice(before)).toEqual([
      item({
        Acction: 'INSERT',
        items: [
          { CLUB: clubNombre, SKU: sku, DesdeFecha: '2028-07-01', HastaFecha: '2028-07-31', Nivel: rango },
        ],
      }),
    ]);
    const [fixed] = await rows(admin, '/ProductosPorRango', { where: { id } });
    expect(fixed.motivoErrorSincroConBC ?? null).toBeNull();
    expect(fixed.fechaSincronizacionConBC).toBeTruthy();
  });
});

describe('write rules of the reference data', () => {
  it('Sustitutos and Repuestos refuse an end date before the start date (422 on fechaFin)', async () => {
    for (const path of ['/Sustitutos', '/Repuestos']) {
      const res = await call(admin, 'POST', path, {
        skuPrincipal: `${tag}-P`,
        [path === '/Sustitutos' ? 'skuSustituto' : 'skuRepuesto']: `${tag}-S`,
        fechaInicio: '2026-05-10T00:00:00.000Z',
        fechaFin: '2026-05-01T00:00:00.000Z',
      });
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({
        details: [
          { path: '/fechaFin', message: '«Fecha de fin» no puede ser anterior a «Fecha de inicio».' },
        ],
      });
    }
  });

  it('category codes are unique within a company (ER_DUP_ENTRY on codigo), not across companies', async () => {
    const codigo = `${tag}-CAT`;
    expect(
      (await call(admin, 'POST', '/categorias', { empresaId: 1, codigo, nombre: 'Uno', padre: 'master' }))
        .status,
    ).toBe(200);
    const dup = await call(admin, 'POST', '/categorias', {
      empresaId: 1,
      codigo,
      nombre: 'Dos',
      padre: 'master',
    });
    expect(dup.status).toBe(422);
    expect(dup.body.error).toMatchObject({ code: 'ER_DUP_ENTRY' });
    expect(String((dup.body.error as Row).message)).toMatch(/for key 'codigo'/);
    expect(
      (await call(admin, 'POST', '/categorias', { empresaId: 2, codigo, nombre: 'Uno', padre: 'master' }))
        .status,
    ).toBe(200);
    const brand = await call(admin, 'POST', '/Marca', {
      empresaId: 1,
      nombre: `${tag} marca`,
      codigo: `${tag}M`,
    });
    expect(brand.status).toBe(200);
    const brandDup = await call(admin, 'POST', '/Marca', {
      empresaId: 1,
      nombre: `${tag} otra`,
      codigo: `${tag}M`,
    });
    expect(brandDup.status).toBe(422);
  });

  it('catalogue codes are unique within a company (create and edit), not across companies', async () => {
    const codigo = `${tag}-CATALOGO`;
    const first = await call(admin, 'POST', '/catalogos', {
      empresaId: 1,
      codigo,
      nombre: 'Uno',
      anyo: 2026,
    });
    expect(first.status).toBe(200);
    const dup = await call(admin, 'POST', '/catalogos', { empresaId: 1, codigo, nombre: 'Dos', anyo: 2026 });
    expect(dup.status).toBe(422);
    expect(dup.body.error).toMatchObject({ code: 'ER_DUP_ENTRY' });
    expect(String((dup.body.error as Row).message)).toMatch(/for key '(?:[^'.]*\.)?codigo'/);
    const other = await call(admin, 'POST', '/catalogos', {
      empresaId: 1,
      codigo: `${codigo}-B`,
      nombre: 'B',
    });
    expect(other.status).toBe(200);
    const renamed = await call(admin, 'PATCH', `/catalogos/${other.body.Id}`, { codigo });
    expect(renamed.status).toBe(422);
    expect(renamed.body.error).toMatchObject({ code: 'ER_DUP_ENTRY' });
    expect(
      (await call(admin, 'POST', '/catalogos', { empresaId: 2, codigo, nombre: 'Uno', anyo: 2026 })).status,
    ).toBe(200);
    expect(await rows(admin, '/catalogos', { where: { empresaId: 1, codigo } })).toHaveLength(1);
  });

  it('global parameters: one row per company (a second one is ER_DUP_ENTRY on empresaId)', async () => {
    const company = await call(admin, 'POST', '/empresas', { nombre: `${tag} empresa`, codigo: `${tag}E` });
    expect(company.status).toBe(200);
    const empresaId = company.body.id as number;
    const first = await call(admin, 'POST', '/parametrosGlobales', { empresaId, minutosCierreSesion: 7 });
    expect(first.status).toBe(200);
    const second = await call(admin, 'POST', '/parametrosGlobales', { empresaId, minutosCierreSesion: 9 });
    expect(second.status).toBe(422);
    expect(second.body.error).toMatchObject({ code: 'ER_DUP_ENTRY' });
    expect(String((second.body.error as Row).message)).toMatch(/for key '(?:[^'.]*\.)?empresaId'/);
    const seeded = await call(admin, 'POST', '/parametrosGlobales', { empresaId: 1, minutosCierreSesion: 9 });
    expect(seeded.status).toBe(422);
    expect(await rows(admin, '/parametrosGlobales', { where: { empresaId } })).toEqual([
      expect.objectContaining({ empresaId, minutosCierreSesion: 7 }),
    ]);
    expect(await rows(admin, '/parametrosGlobales', { where: { empresaId: 1 } })).toHaveLength(1);
  });

  it('the category tree stays two levels deep', async () => {
    const [top] = await rows(admin, '/categorias', { where: { empresaId: 1, padre: 'master' }, limit: 1 });
    const [sub] = await rows(admin, '/categorias', { where: { empresaId: 1, padre: top.codigo }, limit: 1 });
    const deep = await call(admin, 'POST', '/categorias', {
      empresaId: 1,
      codigo: `${tag}-DEEP`,
      nombre: 'Tercer nivel',
      padre: sub.codigo,
    });
    expect(deep.status).toBe(422);
    expect(deep.body.error).toMatchObject({
      details: [
        {
          path: '/padre',
          message: 'Solo hay dos niveles: la categoría padre debe ser master o una categoría principal.',
        },
      ],
    });
    const [otherTop] = await rows(admin, '/categorias', {
      where: { empresaId: 1, padre: 'master', codigo: { neq: top.codigo } },
      limit: 1,
    });
    const moveParent = await call(admin, 'PATCH', `/categorias/${top.id}`, { padre: otherTop.codigo });
    expect(moveParent.status).toBe(422);
    expect(moveParent.body.error).toMatchObject({
      details: [{ path: '/padre', message: 'Una categoría con subcategorías solo puede colgar de master.' }],
    });
    // a subcategory moves to another top-level category, and a new one defaults under master
    expect((await call(admin, 'PATCH', `/categorias/${sub.id}`, { padre: otherTop.codigo })).status).toBe(
      204,
    );
    const created = await call(admin, 'POST', '/categorias', {
      empresaId: 1,
      codigo: `${tag}-TOP`,
      nombre: 'Nueva',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ padre: 'master' });
  });
});
