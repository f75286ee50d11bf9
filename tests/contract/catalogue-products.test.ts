// @vitest-environment node
/**
 * Contract: the app's catalogue-products client (api.ts + the data-provider composition, over the app's HTTP
 * client) against the reference API (embedded store; MariaDB when PIM_DATABASE_URL is set): add with duplicates,
 * remove with products not in the catalogue, delete-by-catalogue and the catalogue delete cascade, the two
 * listings excluding each other, filters, company isolation and validation errors.
 */
import type { DataProvider, HttpError } from 'ra-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueProductsApi, type CatalogueProductsApi } from '../../src/custom/catalogueProducts/api';
import type { CatalogueProductRow } from '../../src/core/catalogueProducts/contract';
import { addOutcome, removeOutcome } from '../../src/custom/catalogueProducts/messages';
import { testDataProvider, testHttpClient } from '../support/appClient';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let adminToken: string;
let editorToken: string;
let admin: CatalogueProductsApi;
let editor: CatalogueProductsApi;
let provider: DataProvider;
/** Products of company 1 (sorted by id) and one product of company 2. */
let own: CatalogueProductRow[];
let foreignProductId: number;
/** A catalogue of company 2. */
let foreignCatalogueId: number;
const tag = `CP${Date.now() % 100000}`;
let sequence = 0;

const get = async (token: string, path: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return (await res.json()) as Record<string, unknown>[];
};

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** A fresh catalogue of company 1 (through the app's data provider). */
const newCatalogue = async (): Promise<number> => {
  sequence += 1;
  const { data } = await provider.create('catalogos', {
    data: { codigo: `${tag}-${sequence}`, nombre: `Catálogo contrato ${tag} ${sequence}`, anyo: 2026 },
  });
  return Number(data.id);
};

/** The productoIds of a catalogue's CatalogoProducto rows (duplicates kept). */
const linkedIds = async (catalogoId: number): Promise<number[]> => {
  const { data } = await provider.getList('catalogos-productos', {
    pagination: { page: 1, perPage: 5000 },
    sort: { field: 'id', order: 'ASC' },
    filter: { catalogoId },
  });
  return data.map((row) => Number(row.productoId)).sort((a, b) => a - b);
};

const rejection = async (promise: Promise<unknown>): Promise<HttpError> => {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('expected a rejection');
};

const errorOf = (error: HttpError) => (error.body as { error: Record<string, unknown> }).error;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  adminToken = await loginToken(server.url, demoLogins().admin);
  editorToken = await loginToken(server.url, demoLogins().editor);
  admin = catalogueProductsApi(
    server.url,
    testHttpClient(() => adminToken),
  );
  editor = catalogueProductsApi(
    server.url,
    testHttpClient(() => editorToken),
  );
  // the app's own data provider (src/custom/dataProvider.ts), as the screens use it
  provider = testDataProvider(
    server.url,
    () => adminToken,
    () => 1,
  );
  own = (await get(
    adminToken,
    `/productos?filter=${q({ where: { empresaId: 1 }, order: ['id ASC'], limit: 40 })}`,
  )) as unknown as CatalogueProductRow[];
  const [foreign] = await get(adminToken, `/productos?filter=${q({ where: { empresaId: 2 }, limit: 1 })}`);
  const [foreignCatalogue] = await get(
    adminToken,
    `/catalogos?filter=${q({ where: { empresaId: 2 }, limit: 1 })}`,
  );
  foreignProductId = Number(foreign.id);
  foreignCatalogueId = Number(foreignCatalogue.Id);
  expect(own).toHaveLength(40);
  expect(foreignProductId).toBeGreaterThan(0);
  expect(foreignCatalogueId).toBeGreaterThan(0);
});

afterAll(async () => {
  await server?.stop();
});

describe('add (POST /agregar-multiples-productos-al-catalogo)', () => {
  it('creates one row per product: duplicates in the selection collapse, products already in are skipped', async () => {
    const catalogoId = await newCatalogue();
    const [a, b, c] = own.map((row) => row.id);
    const first = (await admin.add(catalogoId, [a, a, b, a])) as Record<string, unknown>[];
    expect(first).toHaveLength(2);
    expect(first.map((row) => row.productoId).sort()).toEqual([a, b].sort());
    expect(first.every((row) => row.catalogoId === catalogoId && typeof row.id === 'number')).toBe(true);
    expect(addOutcome(first).message).toBe('Productos agregados exitosamente');

    const second = (await admin.add(catalogoId, [b, c, c])) as Record<string, unknown>[];
    expect(second.map((row) => row.productoId)).toEqual([c]);

    const again = await admin.add(catalogoId, [a, b, c]);
    expect(again).toEqual([]);
    expect(addOutcome(again)).toMatchObject({
      status: 'ERROR',
      message: 'No se insertaron productos, respuesta inesperada',
    });
    expect(await linkedIds(catalogoId)).toEqual([a, b, c].sort((x, y) => x - y));
  });

  it('refuses products of another company (422, nothing written), even for an admin', async () => {
    const catalogoId = await newCatalogue();
    const error = await rejection(admin.add(catalogoId, [own[0].id, foreignProductId]));
    expect(error.status).toBe(422);
    expect(errorOf(error)).toMatchObject({ statusCode: 422, code: 'INVALID_PRODUCTS' });
    expect(String(errorOf(error).message)).toContain(String(foreignProductId));
    const missing = await rejection(admin.add(catalogoId, [99999999]));
    expect(missing.status).toBe(422);
    expect(await linkedIds(catalogoId)).toEqual([]);
  });

  it('validates the body in LoopBack 422 shape', async () => {
    const catalogoId = await newCatalogue();
    const http = testHttpClient(() => adminToken);
    const post = (body: unknown) =>
      http(`${server.url}/agregar-multiples-productos-al-catalogo`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
    const missing = await rejection(post({ catalogoId }));
    expect(missing.status).toBe(422);
    expect(errorOf(missing)).toMatchObject({
      name: 'UnprocessableEntityError',
      code: 'VALIDATION_FAILED',
      details: [{ path: '', code: 'required', info: { missingProperty: 'productoIds' } }],
    });
    const wrongType = await rejection(post({ catalogoId, productoIds: ['1'] }));
    expect(errorOf(wrongType)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: '/productoIds/0', code: 'type' }],
    });
    const extra = await rejection(post({ catalogoId, productoIds: [], otro: 1 }));
    expect(errorOf(extra).details).toEqual([expect.objectContaining({ code: 'additionalProperties' })]);
  });
});

describe('remove (POST /eliminar-multiples-productos-del-catalogo)', () => {
  it('reports the real count: products not in the catalogue count nothing', async () => {
    const catalogoId = await newCatalogue();
    const [a, b, c, d, e] = own.map((row) => row.id);
    await admin.add(catalogoId, [a, b, c]);
    const answer = await admin.remove(catalogoId, [a, d, e, a]);
    expect(answer).toEqual({ deletedCount: 1 });
    expect(removeOutcome(answer).message).toBe('1 productos eliminados exitosamente');
    expect(await linkedIds(catalogoId)).toEqual([b, c].sort((x, y) => x - y));

    const none = await admin.remove(catalogoId, [d, e]);
    expect(none).toEqual({ deletedCount: 0 });
    expect(removeOutcome(none).message).toBe(
      'No se eliminaron productos, quizás no coinciden con el catálogo',
    );

    expect(await admin.remove(catalogoId, [b, c])).toEqual({ deletedCount: 2 });
    expect(await linkedIds(catalogoId)).toEqual([]);
  });

  it('leaves other catalogues alone', async () => {
    const one = await newCatalogue();
    const other = await newCatalogue();
    const [a, b] = own.map((row) => row.id);
    await admin.add(one, [a, b]);
    await admin.add(other, [a, b]);
    expect(await admin.remove(one, [a, b])).toEqual({ deletedCount: 2 });
    expect(await linkedIds(other)).toEqual([a, b].sort((x, y) => x - y));
  });
});

describe('delete by catalogue (DELETE /catalogos-productos/eliminar-por-catalogo/{id})', () => {
  it('answers 200 {deletedCount} with every product of that catalogue removed, and only those', async () => {
    const catalogoId = await newCatalogue();
    const other = await newCatalogue();
    const ids = own.slice(0, 7).map((row) => row.id);
    await admin.add(catalogoId, ids);
    await admin.add(other, ids.slice(0, 2));
    expect(await admin.deleteByCatalogue(catalogoId)).toEqual({ deletedCount: 7 });
    expect(await linkedIds(catalogoId)).toEqual([]);
    expect(await linkedIds(other)).toHaveLength(2);
    expect(await admin.deleteByCatalogue(catalogoId)).toEqual({ deletedCount: 0 });
    const unknown = await rejection(admin.deleteByCatalogue(99999999));
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).code).toBe('ENTITY_NOT_FOUND');
  });

  it('deleting a catalogue through the data provider removes its products first', async () => {
    const catalogoId = await newCatalogue();
    const second = await newCatalogue();
    await admin.add(
      catalogoId,
      own.slice(0, 4).map((row) => row.id),
    );
    await admin.add(
      second,
      own.slice(4, 6).map((row) => row.id),
    );
    await provider.delete('catalogos', { id: catalogoId });
    await provider.deleteMany('catalogos', { ids: [second] });
    for (const id of [catalogoId, second]) {
      expect(await linkedIds(id)).toEqual([]);
      const gone = await rejection(provider.getOne('catalogos', { id }));
      expect(gone.status).toBe(404);
    }
  });
});

describe('listings (GET /catalogos/{id}/productos-disponibles|incluidos)', () => {
  it('the two lists exclude each other and together are the company’s products', async () => {
    const catalogoId = await newCatalogue();
    const members = own.slice(0, 12).map((row) => row.id);
    await admin.add(catalogoId, members);
    const inside = await admin.ids(catalogoId, 'incluidos', undefined);
    const outside = await admin.ids(catalogoId, 'disponibles', undefined);
    const [{ count: companyTotal }] = [
      (await (
        await fetch(`${server.url}/productos/count?where=${q({ empresaId: 1 })}`, {
          headers: { Authorization: `Bearer ${adminToken}` },
        })
      ).json()) as { count: number },
    ];
    expect([...inside].sort((a, b) => a - b)).toEqual([...members].sort((a, b) => a - b));
    expect(outside.some((id) => inside.includes(id))).toBe(false);
    expect(inside.length + outside.length).toBe(companyTotal);

    const page = await admin.list(catalogoId, 'incluidos', { page: 1, perPage: 5 });
    expect(page.total).toBe(12);
    expect(page.data).toHaveLength(5);
    const names = page.data.map((row) => String(row.nombre));
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    const available = await admin.list(catalogoId, 'disponibles', { page: 2, perPage: 10 });
    expect(available.total).toBe(companyTotal - 12);
    expect(available.data.every((row) => !members.includes(row.id) && row.empresaId === 1)).toBe(true);
  });

  it('filters by name, category, brand and grouping reference, on both lists', async () => {
    const catalogoId = await newCatalogue();
    const references = await admin.groupingReferences(1);
    expect(references.length).toBeGreaterThan(0);
    const reference = references[0];
    const grouped = await admin.ids(catalogoId, 'disponibles', { referenciaAgrupacion: reference });
    expect(grouped.length).toBeGreaterThanOrEqual(3);
    await admin.add(catalogoId, grouped.slice(0, 1));
    const groupedIn = await admin.list(catalogoId, 'incluidos', {
      page: 1,
      perPage: 10,
      filter: { referenciaAgrupacion: reference },
    });
    const groupedOut = await admin.list(catalogoId, 'disponibles', {
      page: 1,
      perPage: 10,
      filter: { referenciaAgrupacion: reference },
    });
    expect(groupedIn.total).toBe(1);
    expect(groupedOut.total).toBe(grouped.length - 1);
    expect(
      [...groupedIn.data, ...groupedOut.data].every((row) => row.referenciaAgrupacion === reference),
    ).toBe(true);

    const sample = (await admin.list(catalogoId, 'disponibles', { page: 1, perPage: 1 })).data[0];
    expect(sample.marca).toBeTruthy();
    const byBrand = await admin.list(catalogoId, 'disponibles', {
      page: 1,
      perPage: 100,
      filter: { marca: sample.marca },
    });
    expect(byBrand.total).toBeGreaterThan(0);
    expect(byBrand.data.every((row) => row.marca === sample.marca)).toBe(true);

    const fragment = String(sample.nombre).slice(0, 6).toLowerCase();
    const byName = await admin.list(catalogoId, 'disponibles', {
      page: 1,
      perPage: 100,
      filter: { nombre: fragment },
    });
    expect(byName.data.map((row) => row.id)).toContain(sample.id);
    expect(byName.data.every((row) => String(row.nombre).toLowerCase().includes(fragment))).toBe(true);

    const category = String(sample.categorias).split(/[;,]/)[0].trim();
    const byCategory = await admin.list(catalogoId, 'disponibles', {
      page: 1,
      perPage: 100,
      filter: { categorias: category },
    });
    expect(byCategory.data.every((row) => String(row.categorias).includes(category))).toBe(true);
    const none = await admin.list(catalogoId, 'disponibles', {
      page: 1,
      perPage: 10,
      filter: { nombre: `${tag}-nada` },
    });
    expect(none).toEqual({ data: [], total: 0 });
  });

  it('rejects unknown filter properties and order columns with 400', async () => {
    const http = testHttpClient(() => adminToken);
    const bad = await rejection(
      http(`${server.url}/catalogos/1/productos-disponibles?filter=${q({ where: { otro: 1 } })}`),
    );
    expect(bad.status).toBe(400);
    expect(errorOf(bad).code).toBe('INVALID_PARAMETER_VALUE');
    const order = await rejection(
      http(`${server.url}/catalogos/1/productos-incluidos?filter=${q({ order: 'marca ASC' })}`),
    );
    expect(order.status).toBe(400);
  });
});

describe('company isolation', () => {
  it('a catalogue of another company does not exist for a non-admin (404 on every route)', async () => {
    const calls: (() => Promise<unknown>)[] = [
      () => editor.add(foreignCatalogueId, [own[0].id]),
      () => editor.remove(foreignCatalogueId, [own[0].id]),
      () => editor.deleteByCatalogue(foreignCatalogueId),
      () => editor.list(foreignCatalogueId, 'incluidos', { page: 1, perPage: 10 }),
      () => editor.list(foreignCatalogueId, 'disponibles', { page: 1, perPage: 10 }),
    ];
    for (const call of calls) {
      const error = await rejection(call());
      expect(error.status).toBe(404);
      expect(errorOf(error)).toMatchObject({
        code: 'ENTITY_NOT_FOUND',
        message: `Entity not found: Catalogo with id ${foreignCatalogueId}`,
      });
    }
    const stillThere = await admin.list(foreignCatalogueId, 'incluidos', { page: 1, perPage: 1 });
    expect(stillThere.total).toBeGreaterThan(0);
  });

  it('the editor manages its own company’s catalogues, and only with its products', async () => {
    const catalogoId = await newCatalogue();
    expect(await editor.add(catalogoId, [own[0].id])).toHaveLength(1);
    const refused = await rejection(editor.add(catalogoId, [foreignProductId]));
    expect(refused.status).toBe(422);
    expect(await editor.remove(catalogoId, [own[0].id, foreignProductId])).toEqual({ deletedCount: 1 });
  });

  it('grouping references are distinct, sorted and of the caller’s company', async () => {
    // Give a product of company 2 a reference of its own.
    const [general] = await get(
      adminToken,
      `/producto-generals?filter=${q({ where: { productoId: foreignProductId } })}`,
    );
    const foreignReference = `${tag}-REF-EMPRESA2`;
    const patched = await fetch(`${server.url}/producto-generals/${String(general.id)}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ referenciaAgrupacion: foreignReference }),
    });
    expect(patched.status).toBe(204);

    const mine = await editor.groupingReferences();
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine).size).toBe(mine.length);
    expect([...mine].sort((a, b) => a.localeCompare(b, 'es'))).toEqual(mine);
    expect(mine).not.toContain(foreignReference);
    // A non-admin cannot ask for another company.
    expect(await editor.groupingReferences(2)).toEqual(mine);
    expect(await admin.groupingReferences(1)).toEqual(mine);
    expect(await admin.groupingReferences(2)).toContain(foreignReference);
    expect(await admin.groupingReferences(2)).not.toContain(mine[0]);
  });
});
