// @vitest-environment node
/**
 * Reference API, company isolation on the seeded demo (two companies): a non-admin of company 1 whose role
 * holds every permiso (called the editor here) sees and writes only company 1 on every schema with `companyField` (and the views, and empresas
 * itself); rows of company 2 answer 404 by id, as if they did not exist; writing for company 2 is 403. The
 * admin sees every company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';
import { FORBIDDEN, apiHelpers, notFound, q } from '../support/api';
import { testUser } from '../support/access';

type Body = Record<string, unknown> & { error?: Record<string, unknown> };

let server: StartedServer;
let admin: string;
let editor: string;
/** A product, a brand and a user of company 2 (found as the admin). */
let producto2: Body;
let marca2: Body;
let usuario2: Body;

const { call, rows, count } = apiHelpers(() => server.url);

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
  // A non-admin of company 1 holding every permiso: only company isolation limits them.
  editor = (await testUser(server.url, admin, 1)).token;
  [producto2] = await rows(admin, '/productos', { where: { empresaId: 2 }, limit: 1 });
  [marca2] = await rows(admin, '/Marca', { where: { empresaId: 2 }, limit: 1 });
  [usuario2] = await rows(admin, '/usuarios', { where: { empresaId: 2 }, limit: 1 });
  expect(producto2 && marca2 && usuario2).toBeTruthy();
});

afterAll(async () => {
  await server?.stop();
});

describe('lists and counts', () => {
  it('the editor lists productos and Marca of company 1 only', async () => {
    for (const path of ['/productos', '/Marca']) {
      const own = await count(admin, path, { empresaId: 1 });
      expect(own, path).toBeGreaterThan(0);
      expect(await count(admin, path, { empresaId: 2 }), path).toBeGreaterThan(0);
      const listed = await rows(editor, path, { limit: 1000 });
      expect(listed.length, path).toBe(own);
      expect(
        listed.every((r) => r.empresaId === 1),
        path,
      ).toBe(true);
      expect(await count(editor, path), path).toBe(own);
    }
  });

  it('asking for company 2 gets nothing of it, however the where is written', async () => {
    for (const path of ['/productos', '/Marca']) {
      expect(await rows(editor, path, { where: { empresaId: 2 } }), path).toEqual([]);
      expect(await count(editor, path, { empresaId: 2 }), path).toBe(0);
      expect(await rows(editor, path, { where: { empresaId: { inq: [2] } } }), path).toEqual([]);
      const either = await rows(editor, path, {
        where: { or: [{ empresaId: 2 }, { empresaId: 1 }] },
        limit: 1000,
      });
      expect(either.length, path).toBeGreaterThan(0);
      expect(
        either.every((r) => r.empresaId === 1),
        path,
      ).toBe(true);
    }
    expect(await rows(editor, '/productos', { where: { id: producto2.id } })).toEqual([]);
  });

  it('the admin lists company 2', async () => {
    const listed = await rows(admin, '/productos', { where: { empresaId: 2 }, limit: 1000 });
    expect(listed.length).toBe(await count(admin, '/productos', { empresaId: 2 }));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((r) => r.empresaId === 2)).toBe(true);
    expect(await count(admin, '/productos')).toBe(
      (await count(admin, '/productos', { empresaId: 1 })) + listed.length,
    );
  });

  it('views with companyField are scoped too', async () => {
    for (const path of ['/vista-muestra-fotos-optimizadas', '/B2bProductos']) {
      expect(await count(admin, path, { empresaId: 2 }), path).toBeGreaterThan(0);
      expect(await count(editor, path, { empresaId: 2 }), path).toBe(0);
      const listed = await rows(editor, path, { limit: 1000 });
      expect(listed.length, path).toBe(await count(admin, path, { empresaId: 1 }));
      expect(
        listed.every((r) => r.empresaId === 1),
        path,
      ).toBe(true);
    }
  });

  it('empresas: a non-admin sees only their own company', async () => {
    expect((await rows(editor, '/empresas')).map((e) => e.id)).toEqual([1]);
    expect(await count(editor, '/empresas')).toBe(1);
    expect((await call(editor, 'GET', '/empresas/2')).body).toEqual(notFound('Empresa', 2));
    expect((await call(editor, 'GET', '/empresas/1')).status).toBe(200);
    expect((await call(editor, 'POST', '/empresas', { nombre: 'Nueva', codigo: 'NUEVA' })).body).toEqual(
      FORBIDDEN,
    );
    expect((await rows(admin, '/empresas')).map((e) => e.id)).toEqual([1, 2]);
  });

  it('usuarios: a non-admin sees the users of their company only', async () => {
    const listed = await rows(editor, '/usuarios');
    expect(listed.length).toBe(await count(admin, '/usuarios', { empresaId: 1 }));
    expect(listed.every((u) => u.empresaId === 1)).toBe(true);
    expect((await call(editor, 'GET', `/usuarios/${usuario2.id}`)).body).toEqual(
      notFound('Usuario', usuario2.id),
    );
  });
});

describe('by id: a row of another company does not exist', () => {
  it('GET, PATCH, PUT and DELETE of a company-2 row answer 404 ENTITY_NOT_FOUND, and change nothing', async () => {
    for (const [path, model, row, body] of [
      ['/productos', 'Producto', producto2, { nombre: 'Robado', empresaId: 1 }],
      ['/Marca', 'Marca', marca2, { nombre: 'Robado', codigo: 'ROBADO', empresaId: 1 }],
    ] as const) {
      const expected = notFound(model, row.id);
      expect((await call(editor, 'GET', `${path}/${row.id}`)).body, path).toEqual(expected);
      const patch = await call(editor, 'PATCH', `${path}/${row.id}`, { nombre: 'Robado' });
      expect(patch.status, path).toBe(404);
      expect(patch.body, path).toEqual(expected);
      const put = await call(editor, 'PUT', `${path}/${row.id}`, body);
      expect(put.body, path).toEqual(expected);
      expect((await call(editor, 'DELETE', `${path}/${row.id}`)).body, path).toEqual(expected);
      // The same answer as an id that does not exist at all.
      expect((await call(editor, 'GET', `${path}/987654`)).body, path).toEqual(notFound(model, 987654));
      const still = await call(admin, 'GET', `${path}/${row.id}`);
      expect(still.status, path).toBe(200);
      expect(still.body, path).toMatchObject({ nombre: row.nombre, empresaId: 2 });
    }
  });

  it('PATCH ?where never reaches company 2', async () => {
    const before = await count(admin, '/Marca', { empresaId: 2, nombre: 'Tocado' });
    const res = await call(editor, 'PATCH', `/Marca?where=${q({ id: marca2.id })}`, { nombre: 'Tocado' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0 });
    expect(await count(admin, '/Marca', { empresaId: 2, nombre: 'Tocado' })).toBe(before);
  });
});

describe('writes', () => {
  it('creating a row for company 2 is 403; without empresaId it lands in company 1', async () => {
    const forbidden = await call(editor, 'POST', '/Marca', {
      nombre: 'Ajena',
      codigo: 'AJENA',
      empresaId: 2,
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual(FORBIDDEN);
    expect(await count(admin, '/Marca', { codigo: 'AJENA' })).toBe(0);

    const created = await call(editor, 'POST', '/productos', { nombre: 'Sin empresa' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ nombre: 'Sin empresa', empresaId: 1 });
    expect((await call(admin, 'GET', `/productos/${created.body.id}`)).body).toMatchObject({ empresaId: 1 });
    const own = await call(editor, 'POST', '/Marca', { nombre: 'Propia', codigo: 'PROPIA', empresaId: 1 });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ empresaId: 1 });
  });

  it('moving an own row to company 2 is 403; a PUT without empresaId keeps the row in its company', async () => {
    const { id } = (await call(editor, 'POST', '/Marca', { nombre: 'Mía', codigo: 'MIA' })).body;
    expect((await call(editor, 'PATCH', `/Marca/${id}`, { empresaId: 2 })).body).toEqual(FORBIDDEN);
    expect(
      (await call(editor, 'PUT', `/Marca/${id}`, { nombre: 'Mía', codigo: 'MIA', empresaId: 2 })).body,
    ).toEqual(FORBIDDEN);
    expect((await call(editor, 'PATCH', `/Marca?where=${q({ id })}`, { empresaId: 2 })).body).toEqual(
      FORBIDDEN,
    );
    expect((await call(editor, 'PUT', `/Marca/${id}`, { nombre: 'Mía 2', codigo: 'MIA' })).status).toBe(204);
    expect((await call(editor, 'GET', `/Marca/${id}`)).body).toMatchObject({ nombre: 'Mía 2', empresaId: 1 });
    expect((await call(editor, 'PATCH', `/Marca/${id}`, { nombre: 'Mía 3' })).status).toBe(204);
    expect((await call(editor, 'DELETE', `/Marca/${id}`)).status).toBe(204);
    expect((await call(admin, 'GET', `/Marca/${id}`)).status).toBe(404);
  });

  it('only an admin signs users up, in any company', async () => {
    const adminOnly = {
      error: {
        statusCode: 403,
        name: 'ForbiddenError',
        message: 'Solo un administrador puede dar de alta usuarios.',
      },
    };
    for (const empresaId of [1, 2]) {
      const res = await call(editor, 'POST', '/auth/signup', {
        email: `ajeno${empresaId}@demo.pim`,
        password: 'Ajeno-Usuario-2026',
        empresaId,
      });
      expect(res.body).toEqual(adminOnly);
    }
    expect(await count(admin, '/usuarios', { mail: { like: 'ajeno%' } })).toBe(0);
    const own = await call(admin, 'POST', '/auth/signup', {
      email: 'propio@demo.pim',
      password: 'Propio-Usuario-2026',
      empresaId: 2,
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ mail: 'propio@demo.pim', empresaId: 2 });
  });

  it('the admin writes in any company', async () => {
    const created = await call(admin, 'POST', '/Marca', {
      nombre: 'De la 2',
      codigo: 'DE-LA-2',
      empresaId: 2,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ empresaId: 2 });
    expect((await call(admin, 'PATCH', `/Marca/${created.body.id}`, { nombre: 'De la 2 bis' })).status).toBe(
      204,
    );
    expect((await call(admin, 'DELETE', `/Marca/${created.body.id}`)).status).toBe(204);
  });
});

describe('another non-admin', () => {
  it('an editor of company 2 sees company 2 only', async () => {
    const pablo = (await testUser(server.url, admin, 2, ['read|productos', 'read|empresas'])).token;
    const listed = await rows(pablo, '/productos', { limit: 1000 });
    expect(listed.length).toBe(await count(admin, '/productos', { empresaId: 2 }));
    expect(listed.every((r) => r.empresaId === 2)).toBe(true);
    expect((await rows(pablo, '/empresas')).map((e) => e.id)).toEqual([2]);
    expect((await call(pablo, 'GET', `/productos/${listed[0].id}`)).status).toBe(200);
  });
});
