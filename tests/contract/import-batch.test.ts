// @vitest-environment node
/**
 * Contract: the import's batch writes against the reference API (embedded store; MariaDB when
 * PIM_DATABASE_URL is set). POST /importacion/crear/{resource} and POST /importacion/actualizar/{resource}
 * write a whole batch in one transaction, set-based, and refuse (naming the file line, nothing written) every
 * row a POST or PATCH of that row alone would refuse: the body's validation, references, company isolation,
 * unknown ids. Each product gets one version of history (its general data included) and its readiness.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_HEADER } from '../../src/core/history/versions';
import { apiHelpers, type Row } from '../support/api';
import { testUser } from '../support/access';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let admin: string;
let editor: string;
const tag = `IB${Date.now() % 100000}`;
const { call, rows } = apiHelpers(() => server.url);

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
  // a non-admin of company 1 holding every permiso: only company isolation limits them
  editor = (await testUser(server.url, admin, 1)).token;
  for (const [index, nombre] of [`${tag} Sillas`, `${tag} Mesas`].entries()) {
    const created = await call(admin, 'POST', '/categorias', {
      empresaId: 1,
      codigo: `${tag}C${index}`,
      nombre,
    });
    expect(created.status).toBe(200);
  }
});

afterAll(async () => {
  await server?.stop();
});

/** A batch request as the import sends it (the history records it as the import's: X-Origen). */
const batchCall = async (token: string, path: string, body: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      [ORIGIN_HEADER]: 'importacion',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Row };
};

const create = (token: string, resource: string, batch: { line: number; values: Row }[], empresaId = 1) =>
  batchCall(token, `/importacion/crear/${resource}`, { empresaId, rows: batch });

const update = (token: string, resource: string, batch: { line: number; id: unknown; values: Row }[]) =>
  batchCall(token, `/importacion/actualizar/${resource}`, { empresaId: 1, rows: batch });

const products = (prefix: string) =>
  rows(admin, '/productos', { where: { nombre: { like: `${prefix}%` } }, order: ['id ASC'] });

describe('batch create', () => {
  it('creates every product with its general data, one version of history each and its readiness', async () => {
    const answer = await create(admin, 'productos', [
      { line: 2, values: { nombre: `${tag}-A1`, categorias: `${tag} Sillas` } },
      { line: 3, values: { nombre: `${tag}-A2`, categorias: `${tag} Mesas` } },
      { line: 4, values: { nombre: `${tag}-A3` } },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.failed).toBeUndefined();
    const created = await products(`${tag}-A`);
    expect(created.map((p) => p.nombre)).toEqual([`${tag}-A1`, `${tag}-A2`, `${tag}-A3`]);
    expect((answer.body.rows as Row[]).map((r) => r.line)).toEqual([2, 3, 4]);
    expect((answer.body.rows as Row[]).map((r) => r.id)).toEqual(created.map((p) => p.id));
    expect(created[1].categorias).toBe(`${tag} Mesas`);
    for (const product of created) {
      const generals = await rows(admin, '/producto-generals', { where: { productoId: product.id } });
      expect(generals.map((g) => g.sku)).toEqual([product.nombre]);
      const versions = (await call(admin, 'GET', `/productos/${String(product.id)}/versiones`)).body as Row[];
      expect(versions).toHaveLength(1);
      expect(versions[0].origen).toBe('importacion');
      const campos = (versions[0].cambios as Row[]).map((c) => String(c.campo));
      expect(campos).toContain('nombre');
      expect(campos.some((campo) => campo.startsWith('general'))).toBe(true);
      const readiness = (await call(admin, 'GET', `/productos/${String(product.id)}/preparacion`))
        .body as Row[];
      expect(readiness.length).toBeGreaterThan(0);
    }
  });

  it('refuses the batch as a POST of the row would, naming its line, and writes nothing', async () => {
    // an unknown property: the body validation of POST /productos
    const single = await call(admin, 'POST', '/productos', {
      empresaId: 1,
      nombre: `${tag}-X0`,
      noExiste: 1,
    });
    expect(single.status).toBe(422);
    const invalid = await create(admin, 'productos', [
      { line: 2, values: { nombre: `${tag}-X1` } },
      { line: 3, values: { nombre: `${tag}-X2`, noExiste: 1 } },
    ]);
    expect(invalid.body.rows).toEqual([]);
    expect(invalid.body.failed).toMatchObject({ line: 3, error: { statusCode: 422 } });
    // an unknown category: the references rule
    const unknown = await create(admin, 'productos', [
      { line: 5, values: { nombre: `${tag}-X3`, categorias: `${tag} Sillas` } },
      { line: 6, values: { nombre: `${tag}-X4`, categorias: `${tag} Nada` } },
    ]);
    expect(unknown.body.failed).toMatchObject({ line: 6, error: { statusCode: 422 } });
    expect(
      String((unknown.body.failed as Row).error && ((unknown.body.failed as Row).error as Row).message),
    ).toContain(`«${tag} Nada» no existe entre las categorías`);
    expect(await products(`${tag}-X`)).toEqual([]);
  });

  it('keeps company isolation: another company is 403, a child of its product is refused on its line', async () => {
    const other = await create(editor, 'productos', [{ line: 2, values: { nombre: `${tag}-E1` } }], 2);
    expect(other.status).toBe(403);
    const [product2] = await rows(admin, '/productos', { where: { empresaId: 2 }, limit: 1 });
    const [own] = await products(`${tag}-A1`);
    const attribute = await create(editor, 'producto-datos-catalogo', [
      { line: 2, values: { productoId: own.id } },
      { line: 3, values: { productoId: product2.id } },
    ]);
    expect(attribute.body.failed).toMatchObject({ line: 3, error: { statusCode: 403 } });
    // as a POST of that row alone answers
    const single = await call(editor, 'POST', '/producto-datos-catalogo', { productoId: product2.id });
    expect(single.status).toBe(403);
  });
});

describe('batch update', () => {
  it('writes every row in one request, with one version of history per product as the import', async () => {
    const [a1, a2, a3] = await products(`${tag}-A`);
    const answer = await update(admin, 'productos', [
      { line: 2, id: a1.id, values: { categorias: `${tag} Mesas` } },
      { line: 3, id: a2.id, values: { categorias: `${tag} Sillas`, finalizado: 'S' } },
      { line: 4, id: a3.id, values: { categorias: `${tag} Mesas` } },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.failed).toBeUndefined();
    const after = await products(`${tag}-A`);
    expect(after.map((p) => p.categorias)).toEqual([`${tag} Mesas`, `${tag} Sillas`, `${tag} Mesas`]);
    expect(after[1].finalizado).toBe('S');
    for (const product of after) {
      const versions = (await call(admin, 'GET', `/productos/${String(product.id)}/versiones`)).body as Row[];
      // joined with the import's version of a minute ago (same user, same origin), as a PATCH would
      expect(versions[0].origen).toBe('importacion');
      expect((versions[0].cambios as Row[]).find((c) => c.campo === 'categorias')?.nuevo).toBe(
        product.categorias,
      );
    }
  });

  it('refuses the batch as a PATCH of the row would, naming its line, and changes nothing', async () => {
    const before = await products(`${tag}-A`);
    const [a1, a2] = before;
    const unknown = await update(admin, 'productos', [
      { line: 2, id: a1.id, values: { categorias: `${tag} Sillas` } },
      { line: 3, id: a2.id, values: { categorias: `${tag} Nada` } },
    ]);
    expect(unknown.body.failed).toMatchObject({ line: 3, error: { statusCode: 422 } });
    const missing = await update(admin, 'productos', [
      { line: 4, id: a1.id, values: { categorias: `${tag} Sillas` } },
      { line: 5, id: 987654321, values: { categorias: `${tag} Sillas` } },
    ]);
    expect(missing.body.failed).toMatchObject({
      line: 5,
      error: { statusCode: 404, code: 'ENTITY_NOT_FOUND' },
    });
    const invalid = await update(admin, 'productos', [{ line: 6, id: a1.id, values: { noExiste: 1 } }]);
    expect(invalid.body.failed).toMatchObject({ line: 6, error: { statusCode: 422 } });
    expect(await products(`${tag}-A`)).toEqual(before);
  });

  it("keeps company isolation: another company's product is 404 as for a PATCH, and is not changed", async () => {
    const [product2] = await rows(admin, '/productos', { where: { empresaId: 2 }, limit: 1 });
    const [own] = await products(`${tag}-A1`);
    const answer = await update(editor, 'productos', [
      { line: 2, id: own.id, values: { categorias: `${tag} Sillas` } },
      { line: 3, id: product2.id, values: { categorias: 'Otra' } },
    ]);
    expect(answer.body.failed).toMatchObject({ line: 3, error: { statusCode: 404 } });
    const single = await call(editor, 'PATCH', `/productos/${String(product2.id)}`, { categorias: 'Otra' });
    expect(single.status).toBe(404);
    const [after] = await rows(admin, '/productos', { where: { id: product2.id } });
    expect(after.categorias).toBe(product2.categorias);
    // nor moved to another company
    const moved = await update(editor, 'productos', [{ line: 4, id: own.id, values: { empresaId: 2 } }]);
    expect(moved.body.failed).toMatchObject({ line: 4, error: { statusCode: 403 } });
  });
});

describe('dry run', () => {
  const check = (resource: string, batch: { line: number; values: Row }[], empresaId = 1) =>
    batchCall(admin, `/importacion/comprobar/${resource}`, { empresaId, rows: batch });

  it("reads a unique key once for the record it names and for duplicates: another company's name is refused, this company's is an update", async () => {
    const ours = await call(admin, 'POST', '/productos', { empresaId: 1, nombre: `${tag}-D1` });
    const theirs = await call(admin, 'POST', '/productos', { empresaId: 2, nombre: `${tag}-D2` });
    expect([ours.status, theirs.status]).toEqual([200, 200]);
    const answer = await check('productos', [
      // this company's product, named in another case: an update, accepted
      { line: 2, values: { nombre: `${tag}-d1`, categorias: `${tag} Sillas` } },
      // another company's product: a create that the unique name refuses
      { line: 3, values: { nombre: `${tag}-D2` } },
      { line: 4, values: { nombre: `${tag}-D3` } },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.rows).toEqual([
      {
        line: 3,
        operation: 'create',
        error: expect.objectContaining({ code: 'ER_DUP_ENTRY', statusCode: 422 }),
      },
    ]);
    // the same name seen from the other company: there it names its own product (an update)
    const fromTheirs = await check('productos', [{ line: 2, values: { nombre: `${tag}-D2` } }], 2);
    expect(fromTheirs.body.rows).toEqual([]);
    // nothing was written
    expect((await products(`${tag}-D`)).map((p) => p.nombre)).toEqual([`${tag}-D1`, `${tag}-D2`]);
  });
});
