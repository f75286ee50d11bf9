// @vitest-environment node
/**
 * Renames carry: renaming a category, a family or a brand through the data provider rewrites the names the
 * products (and the attributes' category lists) hold, so the same products are found under the new name; a
 * rename to a name the company already uses is refused on the field and changes nothing.
 */
import type { DataProvider } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackDataProvider } from '../../src/dataProvider/loopback';
import { testHttpClient } from '../support/appClient';
import { loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let token: string;
let provider: DataProvider;
const stamp = Date.now() % 1000000;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  token = await loginToken(server.url);
  const client = testHttpClient(() => token);
  provider = loopbackDataProvider(server.url, client, { getEmpresaId: () => 1 });
});

afterAll(async () => {
  await server?.stop();
});

const create = async (resource: string, data: Record<string, unknown>) =>
  (await provider.create(resource, { data: { empresaId: 1, ...data } })).data;

const productsIn = async (categoria: string): Promise<string[]> => {
  const { data } = await provider.getList('productos', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'nombre', order: 'ASC' },
    filter: { categorias: categoria },
  });
  return data.map((row) => String(row.nombre));
};

describe('renaming a category', () => {
  it('moves its products and the attributes that list it to the new name', async () => {
    const old = `Bisagras ${stamp}`;
    const renamed = `Bisagras y herrajes ${stamp}`;
    const category = await create('categorias', { codigo: `REN${stamp}`, nombre: old });
    // the other categories the products name exist too
    await create('categorias', { codigo: `RENC${stamp}`, nombre: 'Cerraduras' });
    await create('categorias', { codigo: `RENX${stamp}`, nombre: `${old} extra` });
    const names = [`REN-A-${stamp}`, `REN-B-${stamp}`];
    await create('productos', { nombre: names[0], categorias: `${old}; Cerraduras` });
    await create('productos', { nombre: names[1], categorias: `Cerraduras;${old} ` });
    const other = await create('productos', { nombre: `REN-C-${stamp}`, categorias: `${old} extra` });
    const attribute = await create('atributos', { nombre: `Ren ${stamp}`, categorias: `Cerraduras, ${old}` });
    expect(await productsIn(old)).toEqual([...names, `REN-C-${stamp}`]);

    await provider.update('categorias', {
      id: category.id,
      data: { nombre: renamed },
      previousData: category,
    });

    expect(await productsIn(renamed)).toEqual(names);
    const first = await provider.getList('productos', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'nombre', order: 'ASC' },
      filter: { nombre: names[0] },
    });
    expect(first.data[0].categorias).toBe(`${renamed}; Cerraduras`);
    // a name that only contains the old one is another category and stays as it was
    expect((await provider.getOne('productos', { id: other.id })).data.categorias).toBe(`${old} extra`);
    expect((await provider.getOne('atributos', { id: attribute.id })).data.categorias).toBe(
      `Cerraduras, ${renamed}`,
    );
  });

  it('a name with LIKE characters (\\, %, _) moves its products too, and only its own', async () => {
    const old = `Tubos 1\\2% PVC_${stamp}`;
    const renamed = `Tubos PVC ${stamp}`;
    const category = await create('categorias', { codigo: `RENL${stamp}`, nombre: old });
    // what the pattern would match if its characters were wildcards: «1x2 %» and «PVCx» in place of «1\2%», «PVC_»
    const lookalike = `Tubos 12% PVCx${stamp}`;
    await create('categorias', { codigo: `RENM${stamp}`, nombre: lookalike });
    const mine = await create('productos', { nombre: `REN-L-${stamp}`, categorias: old });
    const other = await create('productos', { nombre: `REN-M-${stamp}`, categorias: lookalike });

    await provider.update('categorias', {
      id: category.id,
      data: { nombre: renamed },
      previousData: category,
    });

    expect((await provider.getOne('productos', { id: mine.id })).data.categorias).toBe(renamed);
    expect((await provider.getOne('productos', { id: other.id })).data.categorias).toBe(lookalike);
    expect(await productsIn(renamed)).toEqual([`REN-L-${stamp}`]);
  });

  it('to a name the company already uses is refused on nombre and changes nothing', async () => {
    const taken = await create('categorias', { codigo: `RENT${stamp}`, nombre: `Ocupada ${stamp}` });
    const category = await create('categorias', { codigo: `RENF${stamp}`, nombre: `Libre ${stamp}` });
    const product = await create('productos', { nombre: `REN-D-${stamp}`, categorias: `Libre ${stamp}` });

    const refused = await provider
      .update('categorias', {
        id: category.id,
        data: { nombre: ` ocupada ${stamp}` },
        previousData: category,
      })
      .then(
        () => undefined,
        (error: { status?: number; body?: { error?: { details?: unknown[] } } }) => error,
      );
    expect(refused?.status).toBe(422);
    expect(refused?.body?.error?.details).toEqual([
      expect.objectContaining({
        path: '/nombre',
        message: `Ya existe categoría con el nombre «ocupada ${stamp}»: elija otro nombre.`,
      }),
    ]);
    expect((await provider.getOne('categorias', { id: category.id })).data.nombre).toBe(`Libre ${stamp}`);
    expect((await provider.getOne('productos', { id: product.id })).data.categorias).toBe(`Libre ${stamp}`);
    expect((await provider.getOne('categorias', { id: taken.id })).data.nombre).toBe(`Ocupada ${stamp}`);
  });
});

describe('renaming a family and a brand', () => {
  it('rewrites the products’ familias and their general data’s marca, in the company only', async () => {
    const family = await create('familias', { nombre: `Profesional ${stamp}` });
    const brand = await create('Marca', { nombre: `Acme ${stamp}` });
    const product = await create('productos', { nombre: `REN-F-${stamp}`, familias: `Profesional ${stamp}` });
    const general = await provider.create('producto-generals', {
      data: { productoId: product.id, marca: `Acme ${stamp}` },
    });

    await provider.update('familias', {
      id: family.id,
      data: { nombre: `Pro ${stamp}` },
      previousData: family,
    });
    await provider.update('Marca', {
      id: brand.id,
      data: { nombre: `Acme Tools ${stamp}` },
      previousData: brand,
    });

    expect((await provider.getOne('productos', { id: product.id })).data.familias).toBe(`Pro ${stamp}`);
    expect((await provider.getOne('producto-generals', { id: general.data.id })).data.marca).toBe(
      `Acme Tools ${stamp}`,
    );
  });
});
