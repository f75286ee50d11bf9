// @vitest-environment node
/**
 * Reference API, generic CRUD: the LoopBack 4 shapes of docs/loopback-contract.md over real HTTP, on the
 * compiled server (embedded store; MariaDB when PIM_DATABASE_URL is set). Fixtures are created through the
 * server's own repositories, so nothing here depends on the demo seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type StartedServer } from '../support/server';
import { adminUser } from '../support/access';

interface Repo {
  create(data: Record<string, unknown>): Promise<{ id: number }>;
}
interface ServerWithRepos extends StartedServer {
  repositories: { repository(name: string): Repo; joinRepositories: Map<string, Repo> };
}

let server: ServerWithRepos;
let token: string;

const call = async (method: string, path: string, body?: unknown, auth = true) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(auth ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    headers: res.headers,
  };
};
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
/** MySQL answers never-set properties as null where the memory connector leaves them out. */
const withoutNulls = (rows: unknown) =>
  (rows as Record<string, unknown>[]).map((row) =>
    Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null)),
  );

beforeAll(async () => {
  server = (await startTestServer({ seed: false })) as ServerWithRepos;
  ({ token } = await adminUser(server, {
    empresa: { id: 1, nombre: 'Empresa Test', codigo: 'ET' },
    nombre: 'Tester',
    mail: 'tester@test.pim',
  }));
});

afterAll(async () => {
  await server?.stop();
});

describe('standard routes', () => {
  it('POST answers 200 with the created entity (sent fields, id, defaults and stamps)', async () => {
    const res = await call('POST', '/productos', { nombre: 'CRUD-1', empresaId: 1 });
    expect(res.status).toBe(200);
    const body = res.body as Record<string, unknown>;
    expect(body).toMatchObject({ nombre: 'CRUD-1', empresaId: 1, finalizado: 'N', ordenAtributos: '0' });
    expect(typeof body.id).toBe('number');
    expect(typeof body.fechaCreacion).toBe('string');
    expect(body.fechaModificacion).toBe(body.fechaCreacion);
  });

  it('GET list is an array; GET /count is {count}; GET /{id} is the object', async () => {
    const created = (await call('POST', '/productos', { nombre: 'CRUD-2', empresaId: 1 })).body as {
      id: number;
    };
    const list = await call('GET', `/productos?filter=${q({ where: { nombre: 'CRUD-2' } })}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: created.id, nombre: 'CRUD-2' })]);
    const count = await call('GET', `/productos/count?where=${q({ nombre: 'CRUD-2' })}`);
    expect(count.body).toEqual({ count: 1 });
    const one = await call('GET', `/productos/${created.id}`);
    expect(one.body).toMatchObject({ id: created.id, nombre: 'CRUD-2' });
  });

  it('PATCH /{id} and PUT /{id} answer 204 with no body; PATCH ?where answers {count}', async () => {
    const { id } = (await call('POST', '/productos', { nombre: 'CRUD-3', empresaId: 1 })).body as {
      id: number;
    };
    const patched = await call('PATCH', `/productos/${id}`, { finalizado: 'S' });
    expect(patched.status).toBe(204);
    expect(patched.text).toBe('');
    const put = await call('PUT', `/productos/${id}`, { nombre: 'CRUD-3b', empresaId: 1 });
    expect(put.status).toBe(204);
    const after = (await call('GET', `/productos/${id}`)).body as Record<string, unknown>;
    expect(after).toMatchObject({ nombre: 'CRUD-3b', finalizado: 'N' });
    expect(after.fechaCreacion).toBeDefined();
    // a family of the company (a product's familias name existing families)
    expect((await call('POST', '/familias', { nombre: 'F', empresaId: 1 })).status).toBe(200);
    const many = await call('PATCH', `/productos?where=${q({ nombre: { inq: ['CRUD-3b', 'CRUD-2'] } })}`, {
      familias: 'F',
    });
    expect(many.status).toBe(200);
    expect(many.body).toEqual({ count: 2 });
  });

  it('DELETE /{id} answers 204, then 404 ENTITY_NOT_FOUND', async () => {
    const { id } = (await call('POST', '/productos', { nombre: 'CRUD-4', empresaId: 1 })).body as {
      id: number;
    };
    expect((await call('DELETE', `/productos/${id}`)).status).toBe(204);
    for (const method of ['GET', 'DELETE', 'PATCH']) {
      const res = await call(method, `/productos/${id}`, method === 'PATCH' ? { nombre: 'x' } : undefined);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: {
          statusCode: 404,
          name: 'Error',
          message: `Entity not found: Producto with id ${id}`,
          code: 'ENTITY_NOT_FOUND',
        },
      });
    }
  });

  it('catalogos are keyed by Id', async () => {
    const res = await call('POST', '/catalogos', { codigo: 'C1', nombre: 'Catálogo 1', empresaId: 1 });
    expect(res.status).toBe(200);
    const { Id } = res.body as { Id: number };
    expect(typeof Id).toBe('number');
    expect((await call('GET', `/catalogos/${Id}`)).body).toMatchObject({ Id, activoSN: 'N' });
    expect((await call('DELETE', `/catalogos/${Id}`)).status).toBe(204);
  });
});

describe('errors', () => {
  it('422 VALIDATION_FAILED for a missing required field (path "" and info.missingProperty)', async () => {
    const res = await call('POST', '/MarketPlaces', { descripcion: 'sin código' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: {
        statusCode: 422,
        name: 'UnprocessableEntityError',
        message: 'The request body is invalid. See error object `details` property for more info.',
        code: 'VALIDATION_FAILED',
        details: [
          {
            path: '',
            code: 'required',
            message: "must have required property 'codigo'",
            info: { missingProperty: 'codigo' },
          },
        ],
      },
    });
  });

  it('422 for unknown properties, read-only fields and an id in a POST body', async () => {
    for (const extra of [{ campoRaro: 1 }, { id: 5 }, { fechaCreacion: '2020-01-01T00:00:00.000Z' }]) {
      const res = await call('POST', '/productos', { nombre: 'X', ...extra });
      expect(res.status).toBe(422);
      const details = (res.body as { error: { details: { code: string; info: Record<string, string> }[] } })
        .error.details;
      expect(details[0]).toMatchObject({
        code: 'additionalProperties',
        info: { additionalProperty: Object.keys(extra)[0] },
      });
    }
  });

  it('nullable non-required fields accept null; S/N fields reject other values', async () => {
    expect((await call('POST', '/productos', { nombre: 'NULLS', activoEnMarketplace: null })).status).toBe(
      200,
    );
    const bad = await call('POST', '/productos', { nombre: 'BAD-SN', finalizado: 'X' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('must be equal to one of the allowed values');
  });

  it('400 INVALID_PARAMETER_VALUE for a malformed filter', async () => {
    const res = await call('GET', '/productos?filter=notjson');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        statusCode: 400,
        name: 'BadRequestError',
        message: 'Invalid data "notjson" for parameter "filter".',
        code: 'INVALID_PARAMETER_VALUE',
        details: { syntaxError: `Unexpected token 'o', "notjson" is not valid JSON` },
      },
    });
    const limit = await call('GET', `/productos?filter=${q({ limit: -1 })}`);
    expect(limit.status).toBe(400);
  });

  it('PATCH {} is 400 INVALID_BODY_DEFINITION', async () => {
    const { id } = (await call('POST', '/productos', { nombre: 'EMPTY-PATCH' })).body as { id: number };
    const res = await call('PATCH', `/productos/${id}`, {});
    expect(res.status).toBe(400);
    expect((res.body as { error: { code: string } }).error.code).toBe('INVALID_BODY_DEFINITION');
  });

  const dup = (value: string) => ({
    error: {
      statusCode: '422',
      name: 'Error',
      message: `Duplicate entry '${value}' for key 'codigo'`,
      code: 'ER_DUP_ENTRY',
    },
  });

  it('unique codigo on MarketPlaces: 422 ER_DUP_ENTRY on POST, PUT, PATCH by id and PATCH ?where', async () => {
    expect((await call('POST', '/MarketPlaces', { codigo: 'DUP1' })).status).toBe(200);
    const post = await call('POST', '/MarketPlaces', { codigo: 'DUP1' });
    expect(post.status).toBe(422);
    expect(post.body).toEqual(dup('DUP1'));
    const other = (await call('POST', '/MarketPlaces', { codigo: 'DUP2' })).body as { id: number };
    const patch = await call('PATCH', `/MarketPlaces/${other.id}`, { codigo: 'DUP1' });
    expect(patch.status).toBe(422);
    expect(patch.body).toEqual(dup('DUP1'));
    const put = await call('PUT', `/MarketPlaces/${other.id}`, { codigo: 'DUP1' });
    expect(put.body).toEqual(dup('DUP1'));
    const where = await call('PATCH', `/MarketPlaces?where=${q({ id: other.id })}`, { codigo: 'DUP1' });
    expect(where.status).toBe(422);
    expect(where.body).toEqual(dup('DUP1'));
    // MySQL's default collation: another case is the same key.
    expect((await call('POST', '/MarketPlaces', { codigo: 'dup1' })).body).toEqual(dup('dup1'));
    // Writing a row's own value again is no duplicate.
    expect((await call('PATCH', `/MarketPlaces/${other.id}`, { codigo: 'DUP2' })).status).toBe(204);
  });

  it('a code freed by a rename or a delete can be used again', async () => {
    const a = (await call('POST', '/MarketPlaces', { codigo: 'FREE-1' })).body as { id: number };
    expect((await call('PATCH', `/MarketPlaces/${a.id}`, { codigo: 'FREE-2' })).status).toBe(204);
    const b = await call('POST', '/MarketPlaces', { codigo: 'FREE-1' });
    expect(b.status).toBe(200);
    expect((await call('POST', '/MarketPlaces', { codigo: 'free-2' })).status).toBe(422);
    expect((await call('DELETE', `/MarketPlaces/${a.id}`)).status).toBe(204);
    expect((await call('POST', '/MarketPlaces', { codigo: 'free-2' })).status).toBe(200);
    const both = await call('PATCH', `/MarketPlaces?where=${q({ codigo: { inq: ['FREE-1', 'free-2'] } })}`, {
      codigo: 'FREE-3',
    });
    expect(both.status).toBe(422);
  });
});

describe('filters', () => {
  it('like is case-insensitive and anchored, as on MySQL', async () => {
    await call('POST', '/MarketPlaces', { codigo: 'LikeCase', descripcion: 'Tienda ÚNICA' });
    const found = async (like: string) =>
      (
        (await call('GET', `/MarketPlaces?filter=${q({ where: { codigo: { like } } })}`)).body as {
          codigo: string;
        }[]
      ).map((m) => m.codigo);
    expect(await found('%likecase%')).toEqual(['LikeCase']);
    expect(await found('LIKE%')).toEqual(['LikeCase']);
    expect(await found('ikeca')).toEqual([]);
    const nlike = (await call('GET', `/MarketPlaces/count?where=${q({ codigo: { nlike: '%LIKECASE%' } })}`))
      .body as {
      count: number;
    };
    const all = (await call('GET', '/MarketPlaces/count')).body as { count: number };
    expect(nlike.count).toBe(all.count - 1);
  });

  it('or, inq, between, order, limit and skip', async () => {
    for (const codigo of ['ORD-A', 'ORD-B', 'ORD-C']) await call('POST', '/MarketPlaces', { codigo });
    const rows = (
      await call(
        'GET',
        `/MarketPlaces?filter=${q({ where: { or: [{ codigo: 'ORD-A' }, { codigo: { inq: ['ORD-B', 'ORD-C'] } }] }, order: ['codigo DESC'], limit: 2, skip: 1 })}`,
      )
    ).body as { codigo: string }[];
    expect(rows.map((r) => r.codigo)).toEqual(['ORD-B', 'ORD-A']);
  });
});

describe('keyed deletes', () => {
  it('DELETE /Ensamblados/{id}/{skuPrincipal} with / ? # % in the key; 404 when the key does not match', async () => {
    const sku = 'SKU/1?a#b%c';
    // A SKU is a product's nombre: the row belongs to that product's company (companyVia).
    await server.repositories.repository('productos').create({ id: 800, nombre: sku, empresaId: 1 });
    await server.repositories.repository('productos').create({ id: 802, nombre: 'E-1', empresaId: 1 });
    const { id } = (await call('POST', '/Ensamblados', { skuPrincipal: sku, skuEnsamblado: 'E-1' })).body as {
      id: number;
    };
    const wrong = await call('DELETE', `/Ensamblados/${id}/${encodeURIComponent('otro')}`);
    expect(wrong.status).toBe(404);
    expect((wrong.body as { error: { code: string } }).error.code).toBe('ENTITY_NOT_FOUND');
    const res = await call('DELETE', `/Ensamblados/${id}/${encodeURIComponent(sku)}`);
    expect(res.status).toBe(204);
    expect((await call('GET', `/Ensamblados/${id}`)).status).toBe(404);
  });

  it('Repuestos answer on both /Repuestos and /repuestos', async () => {
    await server.repositories.repository('productos').create({ id: 801, nombre: 'R%1', empresaId: 1 });
    await server.repositories.repository('productos').create({ id: 803, nombre: 'R-2', empresaId: 1 });
    const { id } = (await call('POST', '/repuestos', { skuPrincipal: 'R%1', skuRepuesto: 'R-2' })).body as {
      id: number;
    };
    expect((await call('GET', `/Repuestos/${id}`)).body).toMatchObject({ skuPrincipal: 'R%1' });
    expect((await call('DELETE', `/Repuestos/${id}/${encodeURIComponent('R%1')}`)).status).toBe(204);
  });

  it('ProductoIconos: keyed by (idProducto, idIcono), no id; list, count, create, PATCH ?where and the deletes', async () => {
    // The icons' products (ProductoIconos belongs to the company of its product: companyVia).
    for (const id of [900, 901]) {
      await server.repositories.repository('productos').create({ id, nombre: `ICONOS-${id}`, empresaId: 1 });
    }
    const created = await call('POST', '/ProductoIconos', { idProducto: 900, idIcono: 1, texto: 'a' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ idProducto: 900, idIcono: 1, texto: 'a' });
    await call('POST', '/ProductoIconos', { idProducto: 900, idIcono: 2 });
    await call('POST', '/ProductoIconos', { idProducto: 901, idIcono: 1 });
    const again = await call('POST', '/ProductoIconos', { idProducto: 900, idIcono: 1 });
    expect(again.status).toBe(422);
    expect((again.body as { error: { code: string } }).error.code).toBe('ER_DUP_ENTRY');
    const list = (
      await call('GET', `/ProductoIconos?filter=${q({ where: { idProducto: 900 }, order: ['idIcono ASC'] })}`)
    ).body as Record<string, unknown>[];
    expect(withoutNulls(list)).toEqual([
      { idProducto: 900, idIcono: 1, texto: 'a' },
      { idProducto: 900, idIcono: 2 },
    ]);
    expect((await call('GET', `/ProductoIconos/count?where=${q({ idProducto: 900 })}`)).body).toEqual({
      count: 2,
    });
    const patched = await call('PATCH', `/ProductoIconos?where=${q({ idProducto: 900, idIcono: 2 })}`, {
      texto: 'b',
    });
    expect(patched.body).toEqual({ count: 1 });
    expect((await call('DELETE', '/ProductoIconos/900/1')).status).toBe(204);
    expect((await call('DELETE', '/ProductoIconos/900/1')).status).toBe(404);
    expect((await call('DELETE', '/ProductoIconosDeleteByIdProducto/900')).status).toBe(204);
    expect(
      (await call('GET', `/ProductoIconos/count?where=${q({ idProducto: { inq: [900, 901] } })}`)).body,
    ).toEqual({ count: 1 });
    expect((await call('GET', '/ProductoIconos/1')).status).toBe(404);
  });
});

describe('routes by schema', () => {
  it('usuarios has no PATCH /usuarios', async () => {
    const res = await call('PATCH', '/usuarios', { nombre: 'x' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { statusCode: 404, name: 'NotFoundError', message: 'Endpoint "PATCH /usuarios" not found.' },
    });
  });

  it('views answer only find and count, computed from the base resources', async () => {
    // the category and the brand exist before the product names them
    await call('POST', '/categorias', {
      codigo: 'SUBCAT',
      nombre: 'Subcategoría',
      padre: 'PADRE',
      empresaId: 1,
    });
    await call('POST', '/Marca', { nombre: 'Marca V', empresaId: 1 });
    const { id } = (
      await call('POST', '/productos', {
        nombre: 'VIEW-1',
        empresaId: 1,
        activoEnMarketplace: 'S',
        categorias: 'Subcategoría',
      })
    ).body as { id: number };
    await call('POST', '/producto-generals', { productoId: id, titulo: 'Título vista', marca: 'Marca V' });
    const fotos = (
      await call(
        'GET',
        `/vista-muestra-fotos-optimizadas?filter=${q({ where: { nombre: { like: 'view-%' } } })}`,
      )
    ).body;
    expect(withoutNulls(fotos)).toEqual([
      { id, empresaId: 1, nombre: 'VIEW-1', titulo: 'Título vista', categorias: 'Subcategoría' },
    ]);
    const b2b = (await call('GET', `/B2bProductos?filter=${q({ where: { nombre: 'VIEW-1' } })}`)).body;
    expect(withoutNulls(b2b)).toEqual([
      {
        id,
        empresaId: 1,
        nombre: 'VIEW-1',
        titulo: 'Título vista',
        marca: 'Marca V',
        categorias: 'Subcategoría',
        categoriaPadre: 'PADRE',
      },
    ]);
    expect((await call('GET', `/B2bProductos/count?where=${q({ nombre: 'VIEW-1' })}`)).body).toEqual({
      count: 1,
    });
    expect((await call('POST', '/B2bProductos', { nombre: 'x' })).status).toBe(404);
    expect((await call('GET', `/B2bProductos/${id}`)).status).toBe(404);
  });

  it('EmpresasBC rows carry the brand name and code', async () => {
    const marca = (await call('POST', '/Marca', { nombre: 'Marca BC', codigo: 'MBC', empresaId: 1 }))
      .body as { id: number };
    const link = (await call('POST', '/EmpresasBC', { idEmpresa: 1, idMarca: marca.id })).body as {
      id: number;
    };
    expect((await call('GET', `/EmpresasBC/${link.id}`)).body).toEqual({
      id: link.id,
      idEmpresa: 1,
      idMarca: marca.id,
      nombreMarca: 'Marca BC',
      codigoMarca: 'MBC',
    });
  });

  it('CORS: no Access-Control-Allow-Origin for an origin that is not configured (CORS_ORIGINS)', async () => {
    const res = await fetch(`${server.url}/productos/count`, {
      headers: { Origin: 'http://elsewhere.test', Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
