// @vitest-environment node
/**
 * Reference API, two security rules on the seeded demo:
 * 1. Only an admin writes what makes someone an admin: the admin role (codigo 'admin'), its permisos and the
 *    users holding it. The editor's attempts answer 403 in LoopBack's shape and change nothing; the editor
 *    still manages ordinary roles, permisos and users; the admin keeps full control.
 * 2. POST /auth/logout {refreshToken} → 204 and that refresh token is revoked in the datastore (a later
 *    refresh with it is 401 'Invalid refresh token'), on the embedded store and on MySQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers, q, type Row } from '../support/api';
import { demoLogins, loginToken, startTestServer, usingMysql, type StartedServer } from '../support/server';
import { testUser } from '../support/access';

interface RefreshRows {
  count(where?: Record<string, unknown>): Promise<{ count: number }>;
}
type ServerWithRepos = StartedServer & { repositories: { refreshTokens: RefreshRows } };

const ROLE_EDIT = 'Solo un administrador puede crear, modificar o eliminar el rol de administrador.';
const ADMIN_PERMISOS = 'Solo un administrador puede cambiar los permisos del rol de administrador.';
const ADMIN_USER = 'Solo un administrador puede modificar o eliminar a un usuario administrador.';
const forbidden = (message: string) => ({ error: { statusCode: 403, name: 'ForbiddenError', message } });
const INVALID_REFRESH = {
  error: { statusCode: 401, name: 'UnauthorizedError', message: 'Invalid refresh token' },
};

let server: ServerWithRepos;
let admin: string;
let editor: string;
const { call, rows, count } = apiHelpers(() => server.url);

/** POST without a token (login, refresh, logout); body undefined sends none. */
const publicPost = async (urlPath: string, body?: unknown) => {
  const res = await fetch(`${server.url}${urlPath}`, {
    method: 'POST',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, body: (text ? JSON.parse(text) : undefined) as Row };
};

interface Session {
  accessToken: string;
  refreshToken: string;
  userData: Row & { id: number };
}
const login = async (who = demoLogins().admin): Promise<Session> => {
  const res = await publicPost('/auth/login', { email: who.email, password: who.password });
  expect(res.status).toBe(200);
  return res.body as unknown as Session;
};

interface Matrix {
  roles: Row[];
  permisos: Row[];
  asignaciones: { rolId: number; permisoId: number }[];
}
const matrix = async () => (await call(admin, 'GET', '/permisos/matrix')).body as unknown as Matrix;
const sortedRows = async (urlPath: string) => rows(admin, urlPath, { order: ['id ASC'] });

beforeAll(async () => {
  server = (await startTestServer({ seed: true })) as ServerWithRepos;
  admin = await loginToken(server.url, demoLogins().admin);
  // A non-admin of company 1 whose role holds every permiso: only the admin rules limit them.
  editor = (await testUser(server.url, admin, 1)).token;
});

afterAll(async () => {
  await server?.stop();
});

describe('only an admin writes the admin role, its permisos and admin users', () => {
  let adminRol: Row;
  let editorRol: Row;
  let manageAll: Row;
  let adminUser: Row;

  beforeAll(async () => {
    const m = await matrix();
    adminRol = m.roles.find((r) => r.codigo === 'admin')!;
    editorRol = m.roles.find((r) => r.codigo === 'editor')!;
    const adminPermisos = m.asignaciones.filter((a) => a.rolId === adminRol.id).map((a) => a.permisoId);
    manageAll = m.permisos.find((p) => adminPermisos.includes(p.id as number))!;
    adminUser = (await login()).userData;
    expect(adminRol && editorRol && manageAll && adminUser).toBeTruthy();
  });

  it('the editor cannot become admin through /roles (403, nothing changes)', async () => {
    const before = { roles: await sortedRows('/roles'), matrix: await matrix() };
    const attempts: [string, string, unknown, string][] = [
      // giving their own role the admin codigo
      ['PATCH', `/roles/${editorRol.id}`, { codigo: 'admin' }, ROLE_EDIT],
      ['PUT', `/roles/${editorRol.id}`, { nombre: 'Editor', codigo: 'admin' }, ROLE_EDIT],
      ['PATCH', `/roles?where=${q({ id: editorRol.id })}`, { codigo: 'admin' }, ROLE_EDIT],
      // a new admin role
      ['POST', '/roles', { nombre: 'Administrador 2', codigo: 'admin' }, ROLE_EDIT],
      // altering, renaming or deleting the admin role itself
      ['PATCH', `/roles/${adminRol.id}`, { nombre: 'Tomado' }, ROLE_EDIT],
      ['PATCH', `/roles/${adminRol.id}`, { codigo: 'antiguo-admin' }, ROLE_EDIT],
      ['PUT', `/roles/${adminRol.id}`, { nombre: 'Tomado', codigo: 'admin' }, ROLE_EDIT],
      ['DELETE', `/roles/${adminRol.id}`, undefined, ROLE_EDIT],
      ['PATCH', '/roles', { nombre: 'Todos' }, ROLE_EDIT],
      ['PATCH', `/roles?where=${q({ codigo: { inq: ['admin', 'editor'] } })}`, { nombre: 'X' }, ROLE_EDIT],
      // the admin role's permisos
      ['PUT', `/roles/${adminRol.id}/permisos`, { permisoIds: [] }, ADMIN_PERMISOS],
      ['PATCH', `/permisos/${manageAll.id}`, { controllerName: 'read' }, ADMIN_PERMISOS],
      [
        'PUT',
        `/permisos/${manageAll.id}`,
        { controllerName: 'read', moduleName: 'Auth', actionName: '' },
        ADMIN_PERMISOS,
      ],
      ['DELETE', `/permisos/${manageAll.id}`, undefined, ADMIN_PERMISOS],
      ['PATCH', `/permisos?where=${q({ moduleName: 'all' })}`, { moduleName: 'nada' }, ADMIN_PERMISOS],
    ];
    for (const [method, urlPath, body, message] of attempts) {
      const res = await call(editor, method, urlPath, body);
      expect(res.status, `${method} ${urlPath}`).toBe(403);
      expect(res.body, `${method} ${urlPath}`).toEqual(forbidden(message));
    }
    expect(await sortedRows('/roles')).toEqual(before.roles);
    expect(await matrix()).toEqual(before.matrix);
    // Still not an admin: their one role is the test role.
    const me = (await call(editor, 'GET', '/usuarios/me')).body as unknown as { roles: Row[] };
    expect(me.roles.map((r) => String(r.codigo).startsWith('prueba-'))).toEqual([true]);
    expect(await count(editor, '/productos', { empresaId: 2 })).toBe(0);
  });

  it("the editor cannot take over or remove an admin's account (403, nothing changes)", async () => {
    const before = (await call(admin, 'GET', `/usuarios/${adminUser.id}`)).body;
    for (const [method, body] of [
      ['PATCH', { password: 'Robada1234!' }],
      ['PATCH', { mail: 'atacante@demo.pim' }],
      ['PUT', { nombre: 'Tomado', mail: adminUser.mail, password: 'Robada1234!', empresaId: 1 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(editor, method, `/usuarios/${adminUser.id}`, body);
      expect(res.status, method).toBe(403);
      expect(res.body, method).toEqual(forbidden(ADMIN_USER));
    }
    expect((await call(admin, 'GET', `/usuarios/${adminUser.id}`)).body).toEqual(before);
    await login(); // the password still works
    expect((await publicPost('/auth/login', { email: adminUser.mail, password: 'Robada1234!' })).status).toBe(
      401,
    );
  });

  it('the editor still manages ordinary roles, permisos and users', async () => {
    const codigo = `revisor-${Date.now()}`;
    const created = await call(editor, 'POST', '/roles', { nombre: 'Revisor', codigo });
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    expect((await call(editor, 'PATCH', `/roles/${id}`, { nombre: 'Revisora' })).status).toBe(204);
    expect((await call(editor, 'PUT', `/roles/${id}`, { nombre: 'Revisor', codigo })).status).toBe(204);
    expect((await call(editor, 'PATCH', `/roles?where=${q({ id })}`, { nombre: 'Revisor 2' })).body).toEqual({
      count: 1,
    });
    const permiso = await call(editor, 'POST', '/permisos', {
      controllerName: 'read',
      moduleName: `modulo-${codigo}`,
    });
    expect(permiso.status).toBe(200);
    expect(
      (await call(editor, 'PATCH', `/permisos/${permiso.body.id}`, { descripcion: 'Leer el módulo' })).status,
    ).toBe(204);
    expect(
      (await call(editor, 'PUT', `/roles/${id}/permisos`, { permisoIds: [permiso.body.id] })).status,
    ).toBe(204);
    expect(
      (
        await call(editor, 'PUT', `/roles/${editorRol.id}/permisos`, {
          permisoIds: (await matrix()).asignaciones
            .filter((a) => a.rolId === editorRol.id)
            .map((a) => a.permisoId),
        })
      ).status,
    ).toBe(204);
    expect((await call(editor, 'GET', `/roles/${id}`)).body).toMatchObject({ nombre: 'Revisor 2', codigo });
    expect((await call(editor, 'PUT', `/roles/${id}/permisos`, { permisoIds: [] })).status).toBe(204);
    expect((await call(editor, 'DELETE', `/permisos/${permiso.body.id}`)).status).toBe(204);
    expect((await call(editor, 'DELETE', `/roles/${id}`)).status).toBe(204);
    expect((await call(admin, 'GET', `/roles/${id}`)).status).toBe(404);

    // An ordinary user of their company.
    const [javier] = await rows(editor, '/usuarios', { where: { mail: 'javier.morales@demo.pim' } });
    expect((await call(editor, 'PATCH', `/usuarios/${javier.id}`, { nombre: 'Javier M.' })).status).toBe(204);
    expect((await call(editor, 'PATCH', `/usuarios/${javier.id}`, { nombre: javier.nombre })).status).toBe(
      204,
    );
  });

  it('a user of another company still answers 404 to the editor, admin or not', async () => {
    const [other] = await rows(admin, '/usuarios', { where: { empresaId: 2 }, limit: 1 });
    const res = await call(editor, 'PATCH', `/usuarios/${other.id}`, { nombre: 'Ajeno' });
    expect(res.status).toBe(404);
    expect((res.body.error as Row).code).toBe('ENTITY_NOT_FOUND');
    // Unknown ids and bad bodies keep LoopBack's answers.
    expect((await call(editor, 'PATCH', '/roles/987654', { nombre: 'x' })).status).toBe(404);
    expect((await call(editor, 'PATCH', `/roles/${adminRol.id}`, {})).status).toBe(400);
    expect((await call(editor, 'POST', '/roles', { nombre: 'Sin código' })).status).toBe(422);
  });

  it('the admin keeps full control', async () => {
    const nombre = adminRol.nombre as string;
    expect((await call(admin, 'PATCH', `/roles/${adminRol.id}`, { nombre: 'Administración' })).status).toBe(
      204,
    );
    expect((await call(admin, 'PATCH', `/roles?where=${q({ id: adminRol.id })}`, { nombre })).body).toEqual({
      count: 1,
    });
    expect((await call(admin, 'PUT', `/roles/${adminRol.id}`, { nombre, codigo: 'admin' })).status).toBe(204);
    // A second role with codigo 'admin' reaches validation (the codigo is unique).
    const duplicate = await call(admin, 'POST', '/roles', { nombre: 'Otro', codigo: 'admin' });
    expect(duplicate.status).toBe(422);
    expect((duplicate.body.error as Row).code).toBe('ER_DUP_ENTRY');

    const ids = (await matrix()).asignaciones.filter((a) => a.rolId === adminRol.id).map((a) => a.permisoId);
    expect((await call(admin, 'PUT', `/roles/${adminRol.id}/permisos`, { permisoIds: ids })).status).toBe(
      204,
    );
    expect((await call(admin, 'PATCH', `/permisos/${manageAll.id}`, { descripcion: 'Todo' })).status).toBe(
      204,
    );
    expect((await call(admin, 'PATCH', `/usuarios/${adminUser.id}`, { nombre: 'Admin Demo' })).status).toBe(
      204,
    );
    expect((await call(admin, 'GET', `/usuarios/${adminUser.id}`)).body).toMatchObject({
      nombre: 'Admin Demo',
    });
    expect((await call(admin, 'GET', `/roles/${adminRol.id}`)).body).toMatchObject({
      nombre,
      codigo: 'admin',
    });
  });
});

describe('POST /auth/logout revokes the refresh token', () => {
  const jti = (token: string) => (jwt.decode(token) as { jti: string }).jti;
  const stored = async (token: string) =>
    (await server.repositories.refreshTokens.count({ id: jti(token) })).count;

  it('refresh works before logout; after it the same refresh token answers 401', async () => {
    const session = await login();
    const refreshed = await publicPost('/auth/refresh-token', { refreshToken: session.refreshToken });
    expect(refreshed.status).toBe(200);
    const refreshToken = refreshed.body.refreshToken as string;
    expect(await stored(refreshToken)).toBe(1);

    // No Authorization header needed: the refresh token is the credential.
    const out = await publicPost('/auth/logout', { refreshToken });
    expect(out.status).toBe(204);
    expect(out.text).toBe('');
    expect(await stored(refreshToken)).toBe(0);

    const after = await publicPost('/auth/refresh-token', { refreshToken });
    expect(after.status).toBe(401);
    expect(after.body).toEqual(INVALID_REFRESH);
  });

  it("only that session ends: another session's refresh token keeps working", async () => {
    const mine = await login(demoLogins().editor);
    const other = await login(demoLogins().editor);
    expect((await publicPost('/auth/logout', { refreshToken: mine.refreshToken })).status).toBe(204);
    expect((await publicPost('/auth/refresh-token', { refreshToken: mine.refreshToken })).body).toEqual(
      INVALID_REFRESH,
    );
    expect((await publicPost('/auth/refresh-token', { refreshToken: other.refreshToken })).status).toBe(200);
  });

  it('is idempotent and reveals nothing: repeated, used, garbage or access tokens get 204; no body is 422', async () => {
    const session = await login();
    for (const refreshToken of [session.refreshToken, session.refreshToken, 'garbage', session.accessToken]) {
      expect((await publicPost('/auth/logout', { refreshToken })).status).toBe(204);
    }
    // An access token is not a refresh token: logging it out leaves the session alone.
    const again = await login();
    expect((await publicPost('/auth/logout', { refreshToken: again.accessToken })).status).toBe(204);
    expect((await publicPost('/auth/refresh-token', { refreshToken: again.refreshToken })).status).toBe(200);

    const missing = await publicPost('/auth/logout', {});
    expect(missing.status).toBe(422);
    expect(missing.body.error).toMatchObject({ statusCode: 422, code: 'VALIDATION_FAILED' });
    expect((await publicPost('/auth/logout', { refreshToken: 5 })).status).toBe(422);
  });

  it.skipIf(usingMysql())(
    'the revocation survives a restart of the embedded database (data folder)',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'pim-logout-'));
      const options = { seed: true, dataDir: dir, jwtSecret: 'logout-secret' };
      let persisted = await startTestServer(options);
      try {
        const post = (urlPath: string, body: unknown) =>
          fetch(`${persisted.url}${urlPath}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
        const { email, password } = demoLogins().admin;
        const first = (await (await post('/auth/login', { email, password })).json()) as Session;
        const second = (await (await post('/auth/login', { email, password })).json()) as Session;
        expect((await post('/auth/logout', { refreshToken: first.refreshToken })).status).toBe(204);
        await persisted.stop();
        persisted = await startTestServer(options);
        const revoked = await post('/auth/refresh-token', { refreshToken: first.refreshToken });
        expect(revoked.status).toBe(401);
        expect(await revoked.json()).toEqual(INVALID_REFRESH);
        expect((await post('/auth/refresh-token', { refreshToken: second.refreshToken })).status).toBe(200);
      } finally {
        await persisted.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
