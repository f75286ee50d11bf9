// @vitest-environment node
/**
 * Reference API, roles and permissions on the seeded demo: GET /permisos/matrix (with a filter on permisos),
 * PUT /roles/{id}/permisos and PUT /usuarios/{id}/roles (replace; validated; company isolation on the user),
 * and the roles/permisos/empresaId that login and /usuarios/me carry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';
import { testUser } from '../support/access';

interface Rol {
  id: number;
  codigo: string;
  nombre: string;
}
interface Permiso {
  id: number;
  controllerName: string;
  moduleName: string;
  actionName: string | null;
  descripcion: string | null;
}
interface Matrix {
  roles: Rol[];
  permisos: Permiso[];
  asignaciones: { rolId: number; permisoId: number }[];
}
type Body = Record<string, unknown> & { error?: Record<string, unknown> };

let server: StartedServer;
let admin: string;
let editor: string;
let roles: Rol[];
const rol = (codigo: string) => roles.find((r) => r.codigo === codigo)!;

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

const call = async (token: string | undefined, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, body: (text ? JSON.parse(text) : undefined) as Body };
};
const matrix = async (filter?: unknown): Promise<Matrix> => {
  const res = await call(
    admin,
    'GET',
    `/permisos/matrix${filter === undefined ? '' : `?filter=${q(filter)}`}`,
  );
  expect(res.status).toBe(200);
  return res.body as unknown as Matrix;
};
const assigned = (m: Matrix, rolId: number) =>
  m.asignaciones
    .filter((a) => a.rolId === rolId)
    .map((a) => a.permisoId)
    .sort((a, b) => a - b);
const login = async (email: string, password: string) => {
  const res = await call(undefined, 'POST', '/auth/login', { email, password });
  expect(res.status).toBe(200);
  return res.body as { accessToken: string; userData: Body & { roles: (Rol & { permisos: Permiso[] })[] } };
};
const notFound = (model: string, id: unknown) => ({
  error: {
    statusCode: 404,
    name: 'Error',
    message: `Entity not found: ${model} with id ${id}`,
    code: 'ENTITY_NOT_FOUND',
  },
});

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
  // A non-admin of company 1 whose role holds every permiso: only the admin rules limit them.
  editor = (await testUser(server.url, admin, 1)).token;
  roles = (await matrix()).roles;
});

afterAll(async () => {
  await server?.stop();
});

describe('GET /permisos/matrix', () => {
  it('is roles × permisos with their assignments', async () => {
    const m = await matrix();
    expect(Object.keys(m).sort()).toEqual(['asignaciones', 'permisos', 'roles']);
    // The seeded roles, then the test user's role (tests/support/access.ts).
    expect(m.roles.map((r) => r.codigo).slice(0, 2)).toEqual(['admin', 'editor']);
    expect(m.roles.length).toBe(3);
    for (const r of m.roles) expect(Object.keys(r).sort()).toEqual(['codigo', 'id', 'nombre']);
    const total = ((await call(admin, 'GET', '/permisos/count')).body as { count: number }).count;
    expect(m.permisos.length).toBe(total);
    for (const p of m.permisos) {
      expect(Object.keys(p).sort()).toEqual([
        'actionName',
        'controllerName',
        'descripcion',
        'id',
        'moduleName',
      ]);
    }
    // Default order: the permisos schema's sort (moduleName ASC, then id), as the store collates it.
    const sorted = (
      await call(admin, 'GET', `/permisos?filter=${q({ order: ['moduleName ASC', 'id ASC'] })}`)
    ).body as unknown as Permiso[];
    expect(m.permisos).toEqual(
      sorted.map((p) => ({
        actionName: null,
        descripcion: null,
        ...Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v ?? null])),
      })),
    );
    const manageAll = m.permisos.find((p) => p.controllerName === 'manage' && p.moduleName === 'all')!;
    expect(assigned(m, rol('admin').id)).toEqual([manageAll.id]);
    const readProductos = m.permisos.find(
      (p) => p.controllerName === 'read' && p.moduleName === 'productos',
    )!;
    expect(assigned(m, rol('editor').id)).toContain(readProductos.id);
    expect(assigned(m, rol('editor').id)).not.toContain(manageAll.id);
    // The same assignments as the roles' own permisos relation.
    const editorRol = (
      await call(admin, 'GET', `/roles/${rol('editor').id}?filter=${q({ include: ['permisos'] })}`)
    ).body as { permisos: Permiso[] };
    expect(assigned(m, rol('editor').id)).toEqual(editorRol.permisos.map((p) => p.id).sort((a, b) => a - b));
  });

  it('filter selects permisos (where, order, limit, skip); assignments follow', async () => {
    const productos = await matrix({ where: { moduleName: 'productos' } });
    expect(productos.permisos.length).toBeGreaterThan(1);
    expect(productos.permisos.every((p) => p.moduleName === 'productos')).toBe(true);
    expect(productos.roles.length).toBe(roles.length);
    const ids = new Set(productos.permisos.map((p) => p.id));
    expect(productos.asignaciones.length).toBeGreaterThan(0);
    expect(productos.asignaciones.every((a) => ids.has(a.permisoId))).toBe(true);

    const all = await matrix({ order: ['id ASC'] });
    const page = await matrix({ order: ['id DESC'], limit: 2, skip: 1 });
    expect(page.permisos.map((p) => p.id)).toEqual(
      all.permisos
        .map((p) => p.id)
        .reverse()
        .slice(1, 3),
    );
    expect((await matrix({ where: { moduleName: 'nada' } })).permisos).toEqual([]);
    expect((await matrix({ where: { moduleName: 'nada' } })).asignaciones).toEqual([]);
  });

  it('400 for a bad filter; 401 without a token', async () => {
    const bad = await call(admin, 'GET', `/permisos/matrix?filter=${q({ limit: -1 })}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ statusCode: 400, code: 'INVALID_PARAMETER_VALUE' });
    expect((await call(admin, 'GET', '/permisos/matrix?filter=notjson')).status).toBe(400);
    const anonymous = await call(undefined, 'GET', '/permisos/matrix');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      error: { statusCode: 401, name: 'UnauthorizedError', message: 'Authorization header not found.' },
    });
    // The generic routes of permisos are still there.
    expect((await call(admin, 'GET', `/permisos/${(await matrix()).permisos[0].id}`)).status).toBe(200);
  });
});

describe('PUT /roles/{id}/permisos', () => {
  it('replaces the role’s permisos (204), duplicates ignored, [] empties it', async () => {
    const before = await matrix();
    const [a, b, c] = before.permisos.map((p) => p.id);
    const editorId = rol('editor').id;
    const original = assigned(before, editorId);

    const res = await call(admin, 'PUT', `/roles/${editorId}/permisos`, { permisoIds: [a, b, b] });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(assigned(await matrix(), editorId)).toEqual([a, b].sort((x, y) => x - y));
    expect(assigned(await matrix(), rol('admin').id)).toEqual(assigned(before, rol('admin').id));

    expect((await call(admin, 'PUT', `/roles/${editorId}/permisos`, { permisoIds: [b, c] })).status).toBe(
      204,
    );
    expect(assigned(await matrix(), editorId)).toEqual([b, c].sort((x, y) => x - y));
    // The login of an editor carries the new permisos.
    const session = await login(demoLogins().editor.email, demoLogins().editor.password);
    const editorRole = session.userData.roles.find((r) => r.codigo === 'editor')!;
    expect(editorRole.permisos.map((p) => p.id).sort((x, y) => x - y)).toEqual([b, c].sort((x, y) => x - y));

    expect((await call(admin, 'PUT', `/roles/${editorId}/permisos`, { permisoIds: [] })).status).toBe(204);
    expect(assigned(await matrix(), editorId)).toEqual([]);

    expect((await call(admin, 'PUT', `/roles/${editorId}/permisos`, { permisoIds: original })).status).toBe(
      204,
    );
    expect(assigned(await matrix(), editorId)).toEqual(original);
  });

  it('404 ENTITY_NOT_FOUND for an unknown role or permiso; nothing changes', async () => {
    const before = await matrix();
    expect((await call(admin, 'PUT', '/roles/99999/permisos', { permisoIds: [] })).body).toEqual(
      notFound('Rol', 99999),
    );
    const res = await call(admin, 'PUT', `/roles/${rol('editor').id}/permisos`, {
      permisoIds: [before.permisos[0].id, 88888],
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound('Permiso', 88888));
    expect((await matrix()).asignaciones).toEqual(before.asignaciones);
  });

  it('422 VALIDATION_FAILED for a bad body', async () => {
    const path = `/roles/${rol('editor').id}/permisos`;
    for (const body of [
      {},
      { permisoIds: 'x' },
      { permisoIds: ['1'] },
      { permisoIds: [1.5] },
      { permisoIds: [], otro: 1 },
    ]) {
      const res = await call(admin, 'PUT', path, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error, JSON.stringify(body)).toMatchObject({
        statusCode: 422,
        name: 'UnprocessableEntityError',
        code: 'VALIDATION_FAILED',
      });
    }
    const missing = await call(admin, 'PUT', path, {});
    expect((missing.body.error as { details: unknown[] }).details).toEqual([
      {
        path: '',
        code: 'required',
        message: "must have required property 'permisoIds'",
        info: { missingProperty: 'permisoIds' },
      },
    ]);
    expect((await call(admin, 'PUT', '/roles/abc/permisos', { permisoIds: [] })).status).toBe(400);
  });
});

describe('PUT /usuarios/{id}/roles', () => {
  const javier = { email: 'javier.morales@demo.pim', password: 'Usuario-Demo-2026!' };

  it('replaces a user’s roles; the next login shows them', async () => {
    const first = await login(javier.email, javier.password);
    const id = first.userData.id as number;
    expect(first.userData.empresaId).toBe(1);
    expect(first.userData.roles.map((r) => r.codigo)).toEqual(['editor']);
    // As an editor, javier sees company 1 only.
    const count2 = `/productos/count?where=${q({ empresaId: 2 })}`;
    expect((await call(first.accessToken, 'GET', count2)).body).toEqual({ count: 0 });

    const res = await call(admin, 'PUT', `/usuarios/${id}/roles`, {
      rolIds: [rol('admin').id, rol('editor').id],
    });
    expect(res.status).toBe(204);
    const second = await login(javier.email, javier.password);
    expect(second.userData.roles.map((r) => r.codigo).sort()).toEqual(['admin', 'editor']);
    const adminRole = second.userData.roles.find((r) => r.codigo === 'admin')!;
    expect(adminRole.permisos.map((p) => `${p.controllerName}:${p.moduleName}`)).toEqual(['manage:all']);
    // Admin now, and at once: even the earlier token (the roles are read on each request).
    expect(((await call(first.accessToken, 'GET', count2)).body as { count: number }).count).toBeGreaterThan(
      0,
    );
    const me = (await call(second.accessToken, 'GET', '/usuarios/me')).body as typeof second.userData;
    expect(me.roles.map((r) => r.codigo).sort()).toEqual(['admin', 'editor']);
    expect(me.roles.every((r) => Array.isArray(r.permisos))).toBe(true);
    expect(me.empresaId).toBe(1);
    expect(me).not.toHaveProperty('password');

    expect((await call(admin, 'PUT', `/usuarios/${id}/roles`, { rolIds: [] })).status).toBe(204);
    expect((await login(javier.email, javier.password)).userData.roles).toEqual([]);
    expect((await call(admin, 'PUT', `/usuarios/${id}/roles`, { rolIds: [rol('editor').id] })).status).toBe(
      204,
    );
    expect((await login(javier.email, javier.password)).userData.roles.map((r) => r.codigo)).toEqual([
      'editor',
    ]);
  });

  it('company isolation: a non-admin cannot touch a user of another company (404)', async () => {
    const pablo = (await login('pablo.castro@demo.pim', 'Usuario-Demo-2026!')).userData;
    expect(pablo.empresaId).toBe(2);
    const res = await call(editor, 'PUT', `/usuarios/${pablo.id}/roles`, { rolIds: [] });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound('Usuario', pablo.id));
    expect(
      (await login('pablo.castro@demo.pim', 'Usuario-Demo-2026!')).userData.roles.map((r) => r.codigo),
    ).toEqual(['editor']);
    // The admin may.
    expect(
      (await call(admin, 'PUT', `/usuarios/${pablo.id}/roles`, { rolIds: [rol('editor').id] })).status,
    ).toBe(204);
  });

  it('a non-admin manages roles in their company, but never grants or removes admin (403)', async () => {
    const javierId = (await login(javier.email, javier.password)).userData.id as number;
    const editorSelf = (await login(demoLogins().editor.email, demoLogins().editor.password)).userData;
    const grant = await call(editor, 'PUT', `/usuarios/${editorSelf.id}/roles`, {
      rolIds: [rol('admin').id, rol('editor').id],
    });
    expect(grant.status).toBe(403);
    expect(grant.body.error).toMatchObject({ statusCode: 403, name: 'ForbiddenError' });
    const adminUser = (await login(demoLogins().admin.email, demoLogins().admin.password)).userData;
    expect((await call(editor, 'PUT', `/usuarios/${adminUser.id}/roles`, { rolIds: [] })).status).toBe(403);
    // Roles other than admin: fine.
    expect((await call(editor, 'PUT', `/usuarios/${javierId}/roles`, { rolIds: [] })).status).toBe(204);
    expect(
      (await call(editor, 'PUT', `/usuarios/${javierId}/roles`, { rolIds: [rol('editor').id] })).status,
    ).toBe(204);
    expect((await login(javier.email, javier.password)).userData.roles.map((r) => r.codigo)).toEqual([
      'editor',
    ]);
  });

  it('404 for an unknown user or role; 422 for a bad body', async () => {
    expect((await call(admin, 'PUT', '/usuarios/99999/roles', { rolIds: [] })).body).toEqual(
      notFound('Usuario', 99999),
    );
    const javierId = (await login(javier.email, javier.password)).userData.id as number;
    expect((await call(admin, 'PUT', `/usuarios/${javierId}/roles`, { rolIds: [77777] })).body).toEqual(
      notFound('Rol', 77777),
    );
    for (const body of [{}, { rolIds: null }, { rolIds: [1], x: 1 }, { roles: [1] }]) {
      const res = await call(admin, 'PUT', `/usuarios/${javierId}/roles`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error, JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await call(undefined, 'PUT', `/usuarios/${javierId}/roles`, { rolIds: [] })).status).toBe(401);
  });
});

describe('login', () => {
  it('userData carries empresaId and roles with permisos', async () => {
    const session = await login(demoLogins().admin.email, demoLogins().admin.password);
    expect(session.userData).toMatchObject({ mail: demoLogins().admin.email, empresaId: 1 });
    expect(session.userData.roles.map((r) => r.codigo)).toEqual(['admin']);
    expect(session.userData.roles[0].permisos.length).toBeGreaterThan(0);
  });
});
