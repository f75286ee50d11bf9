import { describe, expect, it } from 'vitest';
import { HttpError } from 'ra-core';
import { loopbackDataProvider, MAX_URL_LENGTH } from '../../../src/dataProvider/loopback';
import { cannedBackend, recordingClient, tick, type RecordedCall } from './recorder';

const API = 'http://api.test';

const setup = (respond: Parameters<typeof recordingClient>[0], empresaId = 3) => {
  const recorder = recordingClient(respond);
  const provider = loopbackDataProvider(`${API}///`, recorder.client, { getEmpresaId: () => empresaId });
  return { provider, recorder, calls: recorder.calls };
};

const only = (calls: RecordedCall[]): RecordedCall => {
  expect(calls).toHaveLength(1);
  return calls[0];
};

const productRows = [
  { id: 1, empresaId: 3, nombre: 'A-1', finalizado: 'N' },
  { id: 2, empresaId: 3, nombre: 'B-2', finalizado: 'S' },
];

describe('loopbackDataProvider — productos', () => {
  it('getList: list and count in parallel with JSON filter, company scoping, paging and total from {count}', async () => {
    let started = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { provider, calls } = setup(async (call) => {
      started += 1;
      if (started === 2) release();
      await gate; // both requests must be on the wire before either answers
      return call.path.endsWith('/count') ? { json: { count: 42 } } : { json: productRows };
    });

    const result = await provider.getList('productos', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'nombre', order: 'DESC' },
      filter: { q: 'abc', finalizado: 'S', categorias: 'Ropa', nope: 'x', nombre: '' },
    });

    expect(calls).toHaveLength(2);
    const list = calls.find((call) => !call.path.endsWith('/count'))!;
    const count = calls.find((call) => call.path.endsWith('/count'))!;
    const expectedWhere = {
      and: [{ empresaId: 3 }, { buscar: 'abc', finalizado: 'S', categorias: { like: '%Ropa%' } }],
    };
    expect(list.method).toBe('GET');
    expect(list.path).toBe(`${API}/productos`);
    expect(list.url.startsWith(`${API}/productos?filter=%7B`)).toBe(true); // JSON, not bracket notation
    expect(list.query).toEqual({
      filter: { where: expectedWhere, order: ['nombre DESC'], limit: 10, skip: 10 },
    });
    expect(count.path).toBe(`${API}/productos/count`);
    expect(count.query).toEqual({ where: expectedWhere });
    expect(result.total).toBe(42);
    expect(result.data.map((record) => record.id)).toEqual([1, 2]);
    expect(JSON.stringify(calls.map((call) => call.query))).not.toMatch(/ilike|regexp/);
  });

  it("getList: sort 'id' → the idField; an unknown sort field falls back to the schema's default", async () => {
    const { provider, calls } = setup(cannedBackend(productRows));
    await provider.getList('productos', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    await provider.getList('productos', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'noExiste', order: 'ASC' },
      filter: {},
    });
    const lists = calls.filter((call) => !call.path.endsWith('/count'));
    expect(lists[0].query.filter).toEqual({ where: { empresaId: 3 }, order: ['id ASC'], limit: 5, skip: 0 });
    expect(lists[1].query.filter).toEqual({
      where: { empresaId: 3 },
      order: ['nombre ASC'],
      limit: 5,
      skip: 0,
    });
  });

  it("the catalogues' Empresa filter chooses the company instead of the selector; elsewhere empresaId cannot override it", async () => {
    const { provider, calls } = setup(cannedBackend([]));
    const page = { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' } as const };
    await provider.getList('catalogos', { ...page, filter: { empresa: 2 } });
    await provider.getList('catalogos', { ...page, filter: {} });
    await provider.getList('productos', { ...page, filter: { empresaId: 2 } });
    const wheres = calls
      .filter((call) => !call.path.endsWith('/count'))
      .map((call) => (call.query.filter as { where: unknown }).where);
    expect(wheres[0]).toEqual({ empresaId: 2 });
    expect(wheres[1]).toEqual({ empresaId: 3 });
    expect(wheres[2]).toEqual({ and: [{ empresaId: 3 }, { empresaId: 2 }] });
  });

  it('getOne: GET /productos/{id}', async () => {
    const { provider, calls } = setup(cannedBackend(productRows));
    const { data } = await provider.getOne('productos', { id: 2 });
    const call = only(calls);
    expect(call.method).toBe('GET');
    expect(call.url).toBe(`${API}/productos/2`);
    expect(data).toEqual(productRows[1]);
  });

  it('getMany: one inq request, results in the asked order, missing ids skipped', async () => {
    const { provider, calls } = setup(cannedBackend(productRows));
    const { data } = await provider.getMany('productos', { ids: [2, 1, 77] });
    const call = only(calls);
    expect(call.path).toBe(`${API}/productos`);
    expect(call.query).toEqual({ filter: { where: { id: { inq: [2, 1, 77] } } } });
    expect(data.map((record) => record.id)).toEqual([2, 1]);
  });

  it('getManyReference: target = id plus the filter, scoped list and count', async () => {
    const { provider, calls } = setup(cannedBackend([{ id: 5, productoId: 8, atributoId: 1, valor: 'x' }]));
    const result = await provider.getManyReference('producto-atributos', {
      target: 'productoId',
      id: '8',
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'ordenEnGrupo', order: 'ASC' },
      filter: { atributoId: '1' },
    });
    const list = calls.find((call) => !call.path.endsWith('/count'))!;
    const count = calls.find((call) => call.path.endsWith('/count'))!;
    // producto-atributos is not company-scoped; numeric strings become numbers on reference fields
    expect(list.query.filter).toEqual({
      where: { atributoId: 1, productoId: 8 },
      order: ['ordenEnGrupo ASC'],
      limit: 25,
      skip: 0,
    });
    expect(count.query.where).toEqual({ atributoId: 1, productoId: 8 });
    expect(result.total).toBe(1);
  });

  it('create: POST with declared writable fields only, empresaId from the selected company; 200 entity → record', async () => {
    const { provider, calls } = setup(() => ({
      json: { id: 4, empresaId: 3, nombre: 'Otro', finalizado: 'N', ordenAtributos: '0' },
    }));
    const { data } = await provider.create('productos', {
      data: {
        id: 123,
        nombre: 'Otro',
        finalizado: 'N',
        fechaCreacion: '2024-01-01T00:00:00.000Z',
        campoRaro: 'x',
        categorias: undefined,
        imagen: null,
      },
    });
    const call = only(calls);
    expect(call.method).toBe('POST');
    expect(call.url).toBe(`${API}/productos`);
    expect(call.body).toEqual({ nombre: 'Otro', finalizado: 'N', empresaId: 3 });
    expect(data).toEqual({ id: 4, empresaId: 3, nombre: 'Otro', finalizado: 'N', ordenAtributos: '0' });
  });

  it('create: keeps an explicit company', async () => {
    const { provider, calls } = setup((call) => ({ json: { id: 9, ...(call.body as object) } }));
    await provider.create('productos', { data: { nombre: 'X', empresaId: 2 } });
    expect(only(calls).body).toEqual({ nombre: 'X', empresaId: 2 });
  });

  it('update: PATCH only the changed fields; 204 → {...previousData, ...data}', async () => {
    const { provider, calls } = setup(() => ({ status: 204 }));
    const previousData = {
      id: 2,
      empresaId: 3,
      nombre: 'B-2',
      finalizado: 'S',
      categorias: 'Ropa',
      fechaModificacion: 'x',
    };
    const { data } = await provider.update('productos', {
      id: 2,
      data: {
        ...previousData,
        finalizado: 'N',
        categorias: 'Ropa',
        fechaModificacion: 'y',
        familias: undefined,
      },
      previousData,
    });
    const call = only(calls);
    expect(call.method).toBe('PATCH');
    expect(call.url).toBe(`${API}/productos/2`);
    expect(call.body).toEqual({ finalizado: 'N' });
    expect(data).toEqual({ ...previousData, finalizado: 'N', fechaModificacion: 'y', familias: undefined });
  });

  it('update: nothing changed → no request, previousData returned', async () => {
    const { provider, calls } = setup(() => ({ status: 204 }));
    const previousData = { id: 2, nombre: 'B-2', finalizado: 'S' };
    const { data } = await provider.update('productos', {
      id: 2,
      data: { ...previousData, imagen: null },
      previousData,
    });
    expect(calls).toHaveLength(0);
    expect(data).toMatchObject(previousData);
  });

  it('updateMany: PATCH /productos?where={"id":{"inq":ids}} with the data, returns the ids', async () => {
    const { provider, calls } = setup(() => ({ json: { count: 2 } }));
    const { data } = await provider.updateMany('productos', { ids: [1, 2], data: { finalizado: 'S' } });
    const call = only(calls);
    expect(call.method).toBe('PATCH');
    expect(call.path).toBe(`${API}/productos`);
    expect(call.url).toBe(`${API}/productos?where=${encodeURIComponent('{"id":{"inq":[1,2]}}')}`);
    expect(call.body).toEqual({ finalizado: 'S' });
    expect(data).toEqual([1, 2]);
  });

  it('delete: DELETE /productos/{id}', async () => {
    const { provider, calls } = setup(() => ({ status: 204 }));
    const { data } = await provider.delete('productos', { id: 2, previousData: productRows[1] });
    const call = only(calls);
    expect(call.method).toBe('DELETE');
    expect(call.url).toBe(`${API}/productos/2`);
    expect(data).toEqual(productRows[1]);
  });

  it('deleteMany: one DELETE per id, at most 5 at a time', async () => {
    const { provider, calls, recorder } = setup(async () => {
      await tick(2);
      return { status: 204 };
    });
    const ids = Array.from({ length: 12 }, (_, i) => i + 1);
    const { data } = await provider.deleteMany('productos', { ids });
    expect(calls.map((call) => `${call.method} ${call.url}`).sort()).toEqual(
      ids.map((id) => `DELETE ${API}/productos/${id}`).sort(),
    );
    expect(recorder.maxInFlight).toBe(5);
    expect(data).toEqual(ids);
  });
});

describe('loopbackDataProvider — Marca (company from localStorage)', () => {
  it("uses localStorage 'selectedEmpresaId', default 1", async () => {
    const recorder = recordingClient(cannedBackend([]));
    const provider = loopbackDataProvider(API, recorder.client);
    await provider.getList('Marca', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'nombre', order: 'ASC' },
      filter: {},
    });
    localStorage.setItem('selectedEmpresaId', '7');
    await provider.getList('Marca', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'nombre', order: 'ASC' },
      filter: { nombre: 'Acme', codigo: 'AC' },
    });
    await provider.create('Marca', { data: { nombre: 'Nueva' } });
    const lists = recorder.calls.filter((call) => call.method === 'GET' && !call.path.endsWith('/count'));
    expect(lists[0].query.filter).toEqual({
      where: { empresaId: 1 },
      order: ['nombre ASC'],
      limit: 10,
      skip: 0,
    });
    expect(lists[1].query.filter).toEqual({
      where: { and: [{ empresaId: 7 }, { nombre: { like: '%Acme%' }, codigo: { like: '%AC%' } }] },
      order: ['nombre ASC'],
      limit: 10,
      skip: 0,
    });
    const post = recorder.calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe(`${API}/Marca`);
    expect(post.body).toEqual({ nombre: 'Nueva', empresaId: 7 });
  });

  it('getOne / update / delete use the exact resource path', async () => {
    const { provider, calls } = setup(cannedBackend([{ id: 3, nombre: 'Acme', codigo: 'AC', empresaId: 3 }]));
    await provider.getOne('Marca', { id: 3 });
    await provider.update('Marca', {
      id: 3,
      data: { id: 3, nombre: 'Acme SL', codigo: 'AC', empresaId: 3 },
      previousData: { id: 3, nombre: 'Acme', codigo: 'AC', empresaId: 3 },
    });
    await provider.delete('Marca', { id: 3 });
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['GET', `${API}/Marca/3`, undefined],
      ['PATCH', `${API}/Marca/3`, { nombre: 'Acme SL' }],
      ['DELETE', `${API}/Marca/3`, undefined],
    ]);
  });
});

describe('loopbackDataProvider — catalogos (Id ↔ id)', () => {
  const rows = [
    { Id: 10, empresaId: 3, codigo: 'C10', nombre: 'Diez', anyo: 2024, activoSN: 'S' },
    { Id: 11, empresaId: 3, codigo: 'C11', nombre: 'Once', anyo: 2025, activoSN: 'N' },
  ];

  it('maps Id to id on reads, sorts by Id, getMany by Id', async () => {
    const { provider, calls } = setup(cannedBackend(rows, 'Id'));
    const list = await provider.getList('catalogos', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: { activoSN: 'S', anyo: '2024', empresa: '3' },
    });
    expect(list.data.map((record) => [record.id, record.Id])).toEqual([
      [11, 11],
      [10, 10],
    ]);
    expect(calls[0].query.filter).toEqual({
      where: { activoSN: 'S', anyo: 2024, empresaId: 3 },
      order: ['Id DESC'],
      limit: 10,
      skip: 0,
    });
    const one = await provider.getOne('catalogos', { id: 10 });
    expect(one.data.id).toBe(10);
    expect(calls[2].url).toBe(`${API}/catalogos/10`);
    const many = await provider.getMany('catalogos', { ids: ['10', 11] });
    expect(calls[3].query).toEqual({ filter: { where: { Id: { inq: [10, 11] } } } });
    expect(many.data.map((record) => record.id)).toEqual([10, 11]);
  });

  it('writes use the API idField and never send id/Id', async () => {
    const { provider, calls } = setup((call) =>
      call.method === 'POST' ? { json: { Id: 12, ...(call.body as object) } } : { status: 204 },
    );
    const created = await provider.create('catalogos', {
      data: { id: 5, Id: 5, codigo: 'N', nombre: 'Nuevo', anyo: '2026' },
    });
    expect(calls[0].body).toEqual({ codigo: 'N', nombre: 'Nuevo', anyo: 2026, empresaId: 3 });
    expect(created.data).toMatchObject({ id: 12, Id: 12 });
    await provider.update('catalogos', {
      id: 12,
      data: { id: 12, Id: 12, nombre: 'Renombrado', anyo: 2026 },
      previousData: { id: 12, Id: 12, nombre: 'Nuevo', anyo: 2026 },
    });
    expect([calls[1].method, calls[1].url, calls[1].body]).toEqual([
      'PATCH',
      `${API}/catalogos/12`,
      { nombre: 'Renombrado' },
    ]);
    await provider.updateMany('catalogos', { ids: [10, 11], data: { activoSN: 'N' } });
    expect(calls[2].query).toEqual({ where: { Id: { inq: [10, 11] } } });
    await provider.delete('catalogos', { id: 12 });
    expect([calls[3].method, calls[3].url]).toEqual(['DELETE', `${API}/catalogos/12`]);
  });
});

describe('loopbackDataProvider — Ensamblados (composite delete)', () => {
  const sku = 'A/B?C#D%E';
  const encoded = 'A%2FB%3FC%23D%25E';

  it('delete: DELETE /Ensamblados/{id}/{skuPrincipal URL-encoded}', async () => {
    const { provider, calls } = setup(() => ({ status: 204 }));
    await provider.delete('Ensamblados', {
      id: 4,
      previousData: { id: 4, skuPrincipal: sku, skuEnsamblado: 'X' },
    });
    const call = only(calls);
    expect(call.method).toBe('DELETE');
    expect(call.url).toBe(`${API}/Ensamblados/4/${encoded}`);
  });

  it('delete without previousData: getOne first, then the composite DELETE', async () => {
    const { provider, calls } = setup(
      cannedBackend([{ id: 4, skuPrincipal: sku, skuEnsamblado: 'X', cantidad: 1 }]),
    );
    const { data } = await provider.delete('Ensamblados', { id: 4 });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET ${API}/Ensamblados/4`,
      `DELETE ${API}/Ensamblados/4/${encoded}`,
    ]);
    expect(data).toMatchObject({ id: 4, skuPrincipal: sku });
  });

  it('deleteMany: records fetched with getMany, one composite DELETE each, missing ids not sent', async () => {
    const rows = [
      { id: 1, skuPrincipal: 'P 1', skuEnsamblado: 'E1' },
      { id: 2, skuPrincipal: sku, skuEnsamblado: 'E2' },
    ];
    const { provider, calls } = setup(cannedBackend(rows));
    const { data } = await provider.deleteMany('Ensamblados', { ids: [1, 2, 3] });
    expect(calls[0].method).toBe('GET');
    expect(calls[0].query).toEqual({ filter: { where: { id: { inq: [1, 2, 3] } } } });
    expect(
      calls
        .slice(1)
        .map((call) => `${call.method} ${call.url}`)
        .sort(),
    ).toEqual([`DELETE ${API}/Ensamblados/1/P%201`, `DELETE ${API}/Ensamblados/2/${encoded}`].sort());
    expect(data).toEqual([1, 2, 3]);
  });

  it('create / update / getList are plain (no company field on Ensamblados)', async () => {
    const { provider, calls } = setup((call) =>
      call.method === 'POST'
        ? { json: { id: 7, ...(call.body as object) } }
        : call.path.endsWith('/count')
          ? { json: { count: 0 } }
          : call.method === 'GET'
            ? { json: [] }
            : { status: 204 },
    );
    await provider.create('Ensamblados', { data: { skuPrincipal: sku, skuEnsamblado: 'E', cantidad: '3' } });
    expect(calls[0].body).toEqual({ skuPrincipal: sku, skuEnsamblado: 'E', cantidad: 3 });
    await provider.update('Ensamblados', {
      id: 7,
      data: { id: 7, skuPrincipal: sku, skuEnsamblado: 'E', cantidad: 4 },
      previousData: { id: 7, skuPrincipal: sku, skuEnsamblado: 'E', cantidad: 3 },
    });
    expect([calls[1].method, calls[1].url, calls[1].body]).toEqual([
      'PATCH',
      `${API}/Ensamblados/7`,
      { cantidad: 4 },
    ]);
    await provider.getList('Ensamblados', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'skuPrincipal', order: 'ASC' },
      filter: { skuPrincipal: sku },
    });
    expect(calls[2].query.filter).toEqual({
      // the typed % is literal (escaped), the URL carries every character
      where: { skuPrincipal: { like: '%A/B?C#D\\%E%' } },
      order: ['skuPrincipal ASC'],
      limit: 10,
      skip: 0,
    });
  });
});

describe('loopbackDataProvider — Sustitutos (dates and S/N in write bodies)', () => {
  it("create sends 'YYYY-MM-DD' as midnight UTC; update compares dates after that conversion", async () => {
    const { provider, calls } = setup((call) =>
      call.method === 'POST' ? { json: { id: 8, ...(call.body as object) } } : { status: 204 },
    );
    await provider.create('Sustitutos', {
      data: {
        skuPrincipal: 'P',
        skuSustituto: 'S',
        fechaInicio: '2024-05-01',
        fechaFin: '',
        intercambiable: 'S',
      },
    });
    expect(calls[0].body).toEqual({
      skuPrincipal: 'P',
      skuSustituto: 'S',
      fechaInicio: '2024-05-01T00:00:00.000Z',
      intercambiable: 'S',
    });
    const previousData = {
      id: 8,
      skuPrincipal: 'P',
      skuSustituto: 'S',
      fechaInicio: '2024-05-01T00:00:00.000Z',
      intercambiable: 'S',
    };
    await provider.update('Sustitutos', {
      id: 8,
      data: { ...previousData, fechaInicio: '2024-05-01' },
      previousData,
    });
    expect(calls).toHaveLength(1);
    await provider.update('Sustitutos', {
      id: 8,
      data: { ...previousData, fechaInicio: '2024-05-02', fechaFin: '2024-06-30' },
      previousData,
    });
    expect([calls[1].method, calls[1].url, calls[1].body]).toEqual([
      'PATCH',
      `${API}/Sustitutos/8`,
      { fechaInicio: '2024-05-02T00:00:00.000Z', fechaFin: '2024-06-30T00:00:00.000Z' },
    ]);
    await provider.delete('Sustitutos', { id: 8, previousData });
    expect(calls[2].url).toBe(`${API}/Sustitutos/8/P`);
  });
});

describe('loopbackDataProvider — ProductoIconos (composite key, no id)', () => {
  const rows = [
    { idProducto: 12, idIcono: 3, texto: 'Sin gluten' },
    { idProducto: 12, idIcono: 4, texto: 'Vegano' },
  ];

  it('getList: react-admin id is `${idProducto}-${idIcono}`; sort id → both keys', async () => {
    const { provider, calls } = setup((call) =>
      call.path.endsWith('/count') ? { json: { count: 2 } } : { json: rows },
    );
    const { data } = await provider.getList('ProductoIconos', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { idProducto: '12' },
    });
    expect(data.map((record) => record.id)).toEqual(['12-3', '12-4']);
    expect(calls[0].query.filter).toEqual({
      where: { idProducto: 12 },
      order: ['idProducto ASC', 'idIcono ASC'],
      limit: 10,
      skip: 0,
    });
  });

  it('getOne: GET /ProductoIconos?filter={where:{idProducto,idIcono},limit:1}; none → 404 HttpError', async () => {
    const { provider, calls } = setup((call) => {
      const where = (call.query.filter as { where: { idIcono: number } }).where;
      return { json: rows.filter((row) => row.idIcono === where.idIcono) };
    });
    const { data } = await provider.getOne('ProductoIconos', { id: '12-3' });
    expect(data).toEqual({ ...rows[0], id: '12-3' });
    expect(calls[0].path).toBe(`${API}/ProductoIconos`);
    expect(calls[0].query).toEqual({ filter: { where: { idProducto: 12, idIcono: 3 }, limit: 1 } });
    const missing = provider.getOne('ProductoIconos', { id: '12-99' });
    await expect(missing).rejects.toBeInstanceOf(HttpError);
    await expect(missing).rejects.toMatchObject({ status: 404 });
  });

  it('getMany: or of key pairs', async () => {
    const { provider, calls } = setup(() => ({ json: [...rows].reverse() }));
    const { data } = await provider.getMany('ProductoIconos', { ids: ['12-3', '12-4'] });
    expect(calls[0].query).toEqual({
      filter: {
        where: {
          or: [
            { idProducto: 12, idIcono: 3 },
            { idProducto: 12, idIcono: 4 },
          ],
        },
      },
    });
    expect(data.map((record) => record.id)).toEqual(['12-3', '12-4']);
  });

  it('create / update (PATCH ?where=) / delete (DELETE /{idProducto}/{idIcono}); updateMany refused', async () => {
    const { provider, calls } = setup((call) =>
      call.method === 'POST'
        ? { json: call.body }
        : call.method === 'PATCH'
          ? { json: { count: 1 } }
          : { status: 204 },
    );
    const created = await provider.create('ProductoIconos', {
      data: { idProducto: '12', idIcono: 5, texto: 'Nuevo' },
    });
    expect(calls[0].body).toEqual({ idProducto: 12, idIcono: 5, texto: 'Nuevo' });
    expect(created.data.id).toBe('12-5');

    const updated = await provider.update('ProductoIconos', {
      id: '12-3',
      data: { ...rows[0], id: '12-3', texto: 'Sin lactosa' },
      previousData: { ...rows[0], id: '12-3' },
    });
    expect(calls[1].method).toBe('PATCH');
    expect(calls[1].path).toBe(`${API}/ProductoIconos`);
    expect(calls[1].query).toEqual({ where: { idProducto: 12, idIcono: 3 } });
    expect(calls[1].body).toEqual({ texto: 'Sin lactosa' });
    expect(updated.data).toEqual({ idProducto: 12, idIcono: 3, texto: 'Sin lactosa', id: '12-3' });

    await provider.delete('ProductoIconos', { id: '12-3' });
    expect([calls[2].method, calls[2].url]).toEqual(['DELETE', `${API}/ProductoIconos/12/3`]);

    await expect(
      provider.updateMany('ProductoIconos', { ids: ['12-3'], data: { texto: 'x' } }),
    ).rejects.toThrow(/actualización múltiple/);
    expect(calls).toHaveLength(3);
  });
});

describe('loopbackDataProvider — usuarios', () => {
  it('getList with meta.include roles; missing roles key → []; q on nombre, codigo and mail', async () => {
    const users = [
      { id: 1, nombre: 'Ana', mail: 'ana@x.es', empresaId: 3, roles: [{ id: 1, nombre: 'admin' }] },
      { id: 2, nombre: 'Luis', mail: 'luis@x.es', empresaId: 3 },
    ];
    const { provider, calls } = setup((call) =>
      call.path.endsWith('/count') ? { json: { count: 2 } } : { json: users },
    );
    const { data } = await provider.getList('usuarios', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'nombre', order: 'ASC' },
      filter: { q: 'an' },
      meta: { include: ['roles'] },
    });
    const list = calls.find((call) => !call.path.endsWith('/count'))!;
    const count = calls.find((call) => call.path.endsWith('/count'))!;
    const where = {
      and: [
        { empresaId: 3 },
        { or: [{ nombre: { like: '%an%' } }, { codigo: { like: '%an%' } }, { mail: { like: '%an%' } }] },
      ],
    };
    expect(list.query.filter).toEqual({
      where,
      order: ['nombre ASC'],
      limit: 10,
      skip: 0,
      include: ['roles'],
    });
    expect(count.query).toEqual({ where }); // /count reads only where
    expect(data[0].roles).toEqual([{ id: 1, nombre: 'admin' }]);
    expect(data[1].roles).toEqual([]);
  });

  it('getOne with include → ?filter={"include":[…]}', async () => {
    const { provider, calls } = setup(() => ({ json: { id: 1, nombre: 'Ana' } }));
    await provider.getOne('usuarios', { id: 1, meta: { include: [{ relation: 'roles' }] } });
    expect(calls[0].path).toBe(`${API}/usuarios/1`);
    expect(calls[0].query).toEqual({ filter: { include: [{ relation: 'roles' }] } });
  });

  it('password is sent on create but never kept in the record; an empty password is not sent on update', async () => {
    const { provider, calls } = setup((call) =>
      call.method === 'POST' ? { json: { id: 5, ...(call.body as object) } } : { status: 204 },
    );
    const created = await provider.create('usuarios', {
      data: { nombre: 'Eva', mail: 'eva@x.es', password: 'secreto123', roles: [] },
    });
    expect(calls[0].body).toEqual({ nombre: 'Eva', mail: 'eva@x.es', password: 'secreto123', empresaId: 3 });
    expect(created.data).not.toHaveProperty('password');
    await provider.update('usuarios', {
      id: 5,
      data: { id: 5, nombre: 'Eva M', mail: 'eva@x.es', password: '', roles: [{ id: 1 }] },
      previousData: { id: 5, nombre: 'Eva', mail: 'eva@x.es', roles: [] },
    });
    expect(calls[1].body).toEqual({ nombre: 'Eva M' });
  });

  it('updateMany is refused with a clear error and no request', async () => {
    const { provider, calls } = setup(() => ({ json: { count: 1 } }));
    await expect(provider.updateMany('usuarios', { ids: [1, 2], data: { nombre: 'x' } })).rejects.toThrow(
      'Operación no permitida: el recurso usuarios no admite actualización múltiple',
    );
    expect(calls).toHaveLength(0);
  });
});

describe('loopbackDataProvider — batching, URL size, unknown resources', () => {
  it('getMany with 250 ids → 3 parallel requests of ≤ 100 ids, each URL < 16 KiB, order kept', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => 1_000_000_000_000 + i * 7);
    const rows = ids.filter((_, i) => i % 10 !== 3).map((id) => ({ id, nombre: `P${id}`, empresaId: 3 }));
    let concurrent = 0;
    let peak = 0;
    const { provider, calls } = setup(async (call) => {
      concurrent += 1;
      peak = Math.max(peak, concurrent);
      await tick(5);
      concurrent -= 1;
      return cannedBackend(rows)(call);
    });
    const shuffled = [...ids].sort((a, b) => ((a * 31) % 97) - ((b * 31) % 97));
    const { data } = await provider.getMany('productos', { ids: shuffled });
    expect(calls).toHaveLength(3);
    expect(peak).toBe(3);
    const batches = calls.map(
      (call) => (call.query.filter as { where: { id: { inq: number[] } } }).where.id.inq,
    );
    for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(100);
    expect(batches.flat()).toEqual(shuffled);
    for (const call of calls) {
      expect(new TextEncoder().encode(call.url).length).toBeLessThan(16 * 1024);
      expect(call.url.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
    }
    const present = new Set(rows.map((row) => row.id));
    expect(data.map((record) => record.id)).toEqual(shuffled.filter((id) => present.has(id)));
  });

  it('long string ids are split further so that no URL passes the limit', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => `${'x'.repeat(150)}${i}`);
    const { provider, calls } = setup(() => ({ json: [] }));
    await provider.getMany('productos', { ids });
    expect(calls.length).toBeGreaterThan(1);
    for (const call of calls) expect(call.url.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
    expect(
      calls.flatMap((call) => (call.query.filter as { where: { id: { inq: string[] } } }).where.id.inq),
    ).toEqual(ids);
  });

  it('updateMany with 250 ids → 3 PATCHes, never one without where', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    const { provider, calls } = setup(() => ({ json: { count: 100 } }));
    const { data } = await provider.updateMany('productos', { ids, data: { finalizado: 'S' } });
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(call.method).toBe('PATCH');
      expect(call.query.where).toBeDefined();
    }
    expect(data).toEqual(ids);
    const empty = await provider.updateMany('productos', { ids: [], data: { finalizado: 'S' } });
    expect(empty.data).toEqual([]);
    expect(calls).toHaveLength(3);
  });

  it("unknown resource → 'Recurso desconocido: X', never a silent empty list", async () => {
    const { provider, calls } = setup(() => ({ json: [] }));
    await expect(
      provider.getList('noExiste', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toThrow('Recurso desconocido: noExiste');
    await expect(provider.getOne('noExiste', { id: 1 })).rejects.toThrow('Recurso desconocido: noExiste');
    await expect(provider.create('noExiste', { data: {} })).rejects.toThrow('Recurso desconocido: noExiste');
    expect(calls).toHaveLength(0);
  });

  it('aliases resolve to their schema and keep their own path (repuestos → Repuestos schema)', async () => {
    const { provider, calls } = setup(() => ({ status: 204 }));
    await provider.delete('repuestos', { id: 3, previousData: { id: 3, skuPrincipal: 'R1' } });
    expect(calls[0].url).toBe(`${API}/repuestos/3/R1`);
  });

  it('read-only views refuse writes', async () => {
    const { provider, calls } = setup(() => ({ json: {} }));
    await expect(
      provider.create('vista-muestra-fotos-optimizadas', { data: { nombre: 'x' } }),
    ).rejects.toThrow(/Operación no permitida/);
    expect(calls).toHaveLength(0);
  });

  it('server errors propagate as they are (HttpError kept)', async () => {
    const body = {
      error: {
        statusCode: 404,
        name: 'Error',
        message: 'Entity not found: Producto with id 9',
        code: 'ENTITY_NOT_FOUND',
      },
    };
    const { provider } = setup(() => ({ status: 404, json: body }));
    await expect(provider.getOne('productos', { id: 9 })).rejects.toMatchObject({ status: 404, body });
  });
});
