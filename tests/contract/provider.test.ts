// @vitest-environment node
/**
 * Contract: the real data provider against the reference API over HTTP (embedded store; MariaDB when
 * PIM_DATABASE_URL is set). Every DataProvider method on the resources with special keys and relations,
 * and a filter matrix.
 */
import { possibleValues } from '../../src/core/iconValues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider, HttpError } from 'ra-core';
import { loopbackDataProvider } from '../../src/dataProvider/loopback';
import { testHttpClient } from '../support/appClient';
import { loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let provider: DataProvider;
let token: string;
const EMPRESA = 1;
const tag = `CT${Date.now() % 100000}`;

const withToken = testHttpClient(() => token);

beforeAll(async () => {
  server = await startTestServer();
  token = await loginToken(server.url);
  provider = loopbackDataProvider(server.url, withToken, { getEmpresaId: () => EMPRESA });
});

afterAll(async () => {
  await server?.stop();
});

const page = (perPage = 10, page = 1) => ({ page, perPage });

describe('productos', () => {
  it('lists page 1 with 10 rows, nombre ASC, a total from /count, only the selected company', async () => {
    const { data, total } = await provider.getList('productos', {
      pagination: page(),
      sort: { field: 'nombre', order: 'ASC' },
      filter: {},
    });
    expect(data).toHaveLength(10);
    expect(total).toBeGreaterThanOrEqual(300);
    const names = data.map((p) => String(p.nombre));
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    expect(data.every((p) => p.empresaId === EMPRESA)).toBe(true);
  });

  it('pages do not overlap', async () => {
    const sort = { field: 'nombre', order: 'ASC' } as const;
    const p1 = await provider.getList('productos', { pagination: page(10, 1), sort, filter: {} });
    const p2 = await provider.getList('productos', { pagination: page(10, 2), sort, filter: {} });
    const ids1 = new Set(p1.data.map((r) => r.id));
    expect(p2.data.some((r) => ids1.has(r.id))).toBe(false);
  });

  it('creates with defaults, reads, updates only changed fields, and deletes', async () => {
    const nombre = `${tag}-PROD-1`;
    const created = await provider.create('productos', { data: { nombre } });
    expect(created.data.id).toBeDefined();
    expect(created.data.empresaId).toBe(EMPRESA);
    const one = await provider.getOne('productos', { id: created.data.id });
    expect(one.data.nombre).toBe(nombre);
    expect(one.data.finalizado).toBe('N');
    expect(one.data.ordenAtributos).toBe('0');
    const updated = await provider.update('productos', {
      id: created.data.id,
      data: { ...one.data, finalizado: 'S' },
      previousData: one.data,
    });
    expect(updated.data.finalizado).toBe('S');
    expect((await provider.getOne('productos', { id: created.data.id })).data.finalizado).toBe('S');
    await provider.delete('productos', { id: created.data.id, previousData: updated.data });
    await expect(provider.getOne('productos', { id: created.data.id })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('filters by name contains case-insensitively and by finalizado', async () => {
    const { data: some } = await provider.getList('productos', {
      pagination: page(1),
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    const fragment = String(some[0].nombre).slice(0, 5).toLowerCase();
    const { data, total } = await provider.getList('productos', {
      pagination: page(50),
      sort: { field: 'nombre', order: 'ASC' },
      filter: { nombre: fragment, finalizado: 'N' },
    });
    expect(total).toBeGreaterThan(0);
    expect(data.every((p) => String(p.nombre).toLowerCase().includes(fragment) && p.finalizado === 'N')).toBe(
      true,
    );
  });

  it('getMany keeps the asked order across batches of 100', async () => {
    const { data } = await provider.getList('productos', {
      pagination: page(250),
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    const ids = data.map((p) => p.id).reverse();
    const many = await provider.getMany('productos', { ids });
    expect(many.data.map((p) => p.id)).toEqual(ids);
  });

  it('getManyReference lists the general data of a product', async () => {
    const { data } = await provider.getList('productos', {
      pagination: page(1),
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    const ref = await provider.getManyReference('producto-generals', {
      target: 'productoId',
      id: data[0].id,
      pagination: page(),
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(ref.total).toBeGreaterThanOrEqual(1);
    expect(ref.data.every((g) => g.productoId === data[0].id)).toBe(true);
  });

  it('updateMany and deleteMany', async () => {
    const a = await provider.create('productos', { data: { nombre: `${tag}-PROD-A` } });
    const b = await provider.create('productos', { data: { nombre: `${tag}-PROD-B` } });
    const ids = [a.data.id, b.data.id];
    const res = await provider.updateMany('productos', { ids, data: { finalizadoSAT: 'S' } });
    expect(res.data).toEqual(expect.arrayContaining(ids));
    const many = await provider.getMany('productos', { ids });
    expect(many.data.every((p) => p.finalizadoSAT === 'S')).toBe(true);
    await provider.deleteMany('productos', { ids });
    const after = await provider.getMany('productos', { ids });
    expect(after.data).toHaveLength(0);
  });
});

describe('Marca', () => {
  it('create, list with AND filters, update, delete', async () => {
    const created = await provider.create('Marca', {
      data: { nombre: `${tag} Marca Prueba`, codigo: `${tag}M` },
    });
    const { data } = await provider.getList('Marca', {
      pagination: page(),
      sort: { field: 'nombre', order: 'ASC' },
      filter: { nombre: `${tag.toLowerCase()} marca`, codigo: `${tag}M` },
    });
    expect(data.map((m) => m.id)).toEqual([created.data.id]);
    const upd = await provider.update('Marca', {
      id: created.data.id,
      data: { ...created.data, nombre: `${tag} Marca Editada` },
      previousData: created.data,
    });
    expect(upd.data.nombre).toBe(`${tag} Marca Editada`);
    await provider.delete('Marca', { id: created.data.id, previousData: upd.data });
    const gone = await provider.getList('Marca', {
      pagination: page(),
      sort: { field: 'nombre', order: 'ASC' },
      filter: { codigo: `${tag}M` },
    });
    expect(gone.total).toBe(0);
  });
});

describe('catalogos (Id)', () => {
  it('maps Id to id on every method', async () => {
    const created = await provider.create('catalogos', {
      data: { codigo: `${tag}C`, nombre: 'Catálogo de prueba', anyo: 2026 },
    });
    expect(created.data.id).toBe(created.data.Id);
    const one = await provider.getOne('catalogos', { id: created.data.id });
    expect(one.data.id).toBe(created.data.Id);
    expect(one.data.activoSN).toBe('N');
    const list = await provider.getList('catalogos', {
      pagination: page(),
      sort: { field: 'id', order: 'ASC' },
      filter: { codigo: `${tag}C` },
    });
    expect(list.data.map((c) => c.id)).toEqual([created.data.id]);
    const many = await provider.getMany('catalogos', { ids: [created.data.id] });
    expect(many.data[0].id).toBe(created.data.id);
    await provider.update('catalogos', {
      id: created.data.id,
      data: { ...one.data, nombre: 'Renombrado' },
      previousData: one.data,
    });
    expect((await provider.getOne('catalogos', { id: created.data.id })).data.nombre).toBe('Renombrado');
    await provider.delete('catalogos', { id: created.data.id, previousData: one.data });
    await expect(provider.getOne('catalogos', { id: created.data.id })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe.each(['Ensamblados', 'Sustitutos', 'Repuestos'])('%s composite delete', (resource) => {
  const other = { Ensamblados: 'skuEnsamblado', Sustitutos: 'skuSustituto', Repuestos: 'skuRepuesto' }[
    resource
  ]!;

  it('deletes by id + skuPrincipal even when the SKU has / ? # %', async () => {
    const skuPrincipal = `${tag}/A?b#c%d`;
    // the second SKU names a product of the company
    const target = `${tag}-${resource}-X`;
    await provider.create('productos', { data: { nombre: target } });
    const created = await provider.create(resource, {
      data: { skuPrincipal, [other]: target, descripcion: 'x' },
    });
    const list = await provider.getList(resource, {
      pagination: page(),
      sort: { field: 'skuPrincipal', order: 'ASC' },
      filter: { skuPrincipal: tag },
    });
    expect(list.data.map((r) => r.skuPrincipal)).toContain(skuPrincipal);
    await provider.delete(resource, { id: created.data.id, previousData: created.data });
    await expect(provider.getOne(resource, { id: created.data.id })).rejects.toMatchObject({ status: 404 });
  });

  it('deleteMany removes every record through its composite URL', async () => {
    const [z1, z2] = [`${tag}-${resource}-Z1`, `${tag}-${resource}-Z2`];
    for (const nombre of [z1, z2]) await provider.create('productos', { data: { nombre } });
    const a = await provider.create(resource, { data: { skuPrincipal: `${tag}-M1`, [other]: z1 } });
    const b = await provider.create(resource, { data: { skuPrincipal: `${tag}-M2`, [other]: z2 } });
    await provider.deleteMany(resource, { ids: [a.data.id, b.data.id] });
    const after = await provider.getMany(resource, { ids: [a.data.id, b.data.id] });
    expect(after.data).toHaveLength(0);
  });
});

describe('usuarios', () => {
  it('lists with roles included and searches nombre, codigo and mail', async () => {
    const { data } = await provider.getList('usuarios', {
      pagination: page(),
      sort: { field: 'nombre', order: 'ASC' },
      filter: { q: 'ADMIN@demo' },
      meta: { include: ['roles'] },
    });
    expect(data.length).toBeGreaterThanOrEqual(1);
    const admin = data.find((u) => u.mail === 'admin@demo.pim');
    expect(admin?.roles?.map((r: { codigo: string }) => r.codigo)).toContain('admin');
    expect(data.every((u) => u.password === undefined)).toBe(true);
  });

  it('refuses update-many (the API has none)', async () => {
    await expect(provider.updateMany('usuarios', { ids: [1], data: { codigo: 'x' } })).rejects.toThrow();
  });
});

describe('ProductoIconos (composite key)', () => {
  it('creates, reads, updates and deletes by (idProducto, idIcono)', async () => {
    const prod = await provider.create('productos', { data: { nombre: `${tag}-ICO` } });
    const iconos = await provider.getList('Iconos', {
      pagination: page(1),
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    // an icon with two possible values: its text must be one of them
    const icono = iconos.data.find((row) => possibleValues(row.posiblesValores).length >= 2);
    expect(icono).toBeDefined();
    const idIcono = icono!.id;
    const [uno, dos] = possibleValues(icono!.posiblesValores);
    const created = await provider.create('ProductoIconos', {
      data: { idProducto: prod.data.id, idIcono, texto: uno },
    });
    const id = created.data.id;
    const one = await provider.getOne('ProductoIconos', { id });
    expect(one.data.texto).toBe(uno);
    await provider.update('ProductoIconos', {
      id,
      data: { ...one.data, texto: dos },
      previousData: one.data,
    });
    expect((await provider.getOne('ProductoIconos', { id })).data.texto).toBe(dos);
    await provider.delete('ProductoIconos', { id, previousData: one.data });
    const list = await provider.getList('ProductoIconos', {
      pagination: page(),
      sort: { field: 'idProducto', order: 'ASC' },
      filter: { idProducto: prod.data.id },
    });
    expect(list.total).toBe(0);
  });
});

describe('filter matrix', () => {
  const ids = async (resource: string, filter: Record<string, unknown>) =>
    (
      await provider.getList(resource, {
        pagination: page(500),
        sort: { field: 'id', order: 'ASC' },
        filter,
      })
    ).data;

  it('like (free text q, OR over codigo and descripcion)', async () => {
    await provider.create('MarketPlaces', {
      data: { codigo: `${tag}MKT`, descripcion: 'Tienda de pruebas' },
    });
    const byCode = await ids('MarketPlaces', { q: `${tag.toLowerCase()}mkt` });
    const byDescription = await ids('MarketPlaces', { q: 'TIENDA DE PRUEBAS' });
    expect(byCode.map((m) => m.codigo)).toEqual([`${tag}MKT`]);
    expect(byDescription.map((m) => m.codigo)).toContain(`${tag}MKT`);
  });

  it('inq (getMany) and unknown ids', async () => {
    const rows = await provider.getMany('Marca', { ids: [1, 2, 999999] });
    expect(rows.data.map((r) => r.id)).toEqual([1, 2]);
  });

  it('between (a whole day) and TODOS ignored', async () => {
    await provider.create('productos', { data: { nombre: `${tag}-S1` } });
    const created = await provider.create('Sustitutos', {
      data: {
        skuPrincipal: `${tag}-DAY`,
        skuSustituto: `${tag}-S1`,
        fechaInicio: '2030-03-15T00:00:00.000Z',
        intercambiable: 'S',
      },
    });
    const sameDay = await ids('Sustitutos', { fechaInicio: '2030-03-15', intercambiable: 'TODOS' });
    const otherDay = await ids('Sustitutos', { fechaInicio: '2030-03-16' });
    expect(sameDay.map((r) => r.id)).toContain(created.data.id);
    expect(otherDay.map((r) => r.id)).not.toContain(created.data.id);
  });

  it('and (gte + lte on a range) and null values', async () => {
    const rows = await ids('ProductosPorRango', { desdeFecha: '2000-01-01', hastaFecha: '2100-12-31' });
    const all = await ids('ProductosPorRango', {});
    expect(rows.length).toBe(all.length);
    const none = await ids('ProductosPorRango', { desdeFecha: '2200-01-01' });
    expect(none).toHaveLength(0);
    const notIncluded = await ids('productos', { activoEnMarketplace: null });
    expect(notIncluded.length).toBeGreaterThan(0);
    expect(notIncluded.every((p) => p.activoEnMarketplace == null)).toBe(true);
  });
});

describe('bad input', () => {
  it('an unknown resource is a clear error, not an empty list', async () => {
    await expect(
      provider.getList('noExiste', { pagination: page(), sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toThrow(/noExiste/);
  });

  it('a duplicate unique code keeps the LoopBack error body (ER_DUP_ENTRY)', async () => {
    await provider.create('MarketPlaces', { data: { codigo: `${tag}DUP` } });
    const error = (await provider
      .create('MarketPlaces', { data: { codigo: `${tag}DUP` } })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(422);
    expect((error.body as { error: { code: string } }).error.code).toBe('ER_DUP_ENTRY');
  });

  it('a server that does not answer gives the connection message', async () => {
    const dead = loopbackDataProvider('http://127.0.0.1:9', withToken, { getEmpresaId: () => 1 });
    await expect(
      dead.getList('Marca', { pagination: page(), sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toThrow('Error de conexión. Verifique su red e intente de nuevo.');
  });
});
