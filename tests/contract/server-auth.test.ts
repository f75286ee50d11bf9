// @vitest-environment node
/**
 * Reference API, auth: login, refresh rotation, 401s in LoopBack's shape on every route without a valid
 * token, roles/permisos, and passwords never leaving the server.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type StartedServer } from '../support/server';

interface Repo {
  create(data: Record<string, unknown>): Promise<{ id: number }>;
}
interface ServerWithRepos extends StartedServer {
  repositories: { repository(name: string): Repo; joinRepositories: Map<string, Repo> };
}

const SECRET = 'test-secret';
const ADMIN = { email: 'admin@test.pim', password: 'Admin1234!' };
let server: ServerWithRepos;
let staticDir: string;

const call = async (
  method: string,
  urlPath: string,
  body?: unknown,
  token?: string,
  extraHeaders: Record<string, string> = {},
) => {
  const res = await fetch(`${server.url}${urlPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...extraHeaders,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (static files)
  }
  return { status: res.status, text, body: parsed as Record<string, unknown> };
};

const unauthorized = (message: string) => ({
  error: { statusCode: 401, name: 'UnauthorizedError', message },
});

interface Session {
  accessToken: string;
  refreshToken: string;
  userData: Record<string, unknown> & { roles: { codigo: string; permisos: Record<string, unknown>[] }[] };
}

const login = async (credentials = ADMIN): Promise<Session> => {
  const res = await call('POST', '/auth/login', credentials);
  expect(res.status).toBe(200);
  return res.body as unknown as Session;
};

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'pim-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>PIM</title>');
  writeFileSync(path.join(staticDir, 'app.js'), 'console.log(1)');
  server = (await startTestServer({ seed: false, jwtSecret: SECRET, staticDir })) as ServerWithRepos;
  const repo = (name: string) => server.repositories.repository(name);
  await repo('empresas').create({ id: 1, nombre: 'Empresa Test', codigo: 'ET' });
  const admin = await repo('usuarios').create({
    nombre: 'Admin',
    mail: ADMIN.email,
    password: ADMIN.password,
    empresaId: 1,
  });
  await repo('usuarios').create({
    nombre: 'Sin roles',
    mail: 'noroles@test.pim',
    password: 'NoRoles1!',
    empresaId: 1,
  });
  const rol = await repo('roles').create({ nombre: 'Administrador', codigo: 'admin' });
  const permiso = await repo('permisos').create({ controllerName: 'manage', moduleName: 'all' });
  await server.repositories.joinRepositories
    .get('UsuarioRol')!
    .create({ usuarioId: admin.id, rolId: rol.id });
  await server.repositories.joinRepositories
    .get('RolPermiso')!
    .create({ rolId: rol.id, permisoId: permiso.id });
});

afterAll(async () => {
  await server?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('401 without a valid token', () => {
  it('answers 401 in LoopBack shape on every API route', async () => {
    for (const [method, urlPath] of [
      ['GET', '/productos'],
      ['GET', '/productos/count'],
      ['POST', '/productos'],
      ['DELETE', '/Ensamblados/1/x'],
      ['GET', '/B2bProductos'],
      ['GET', '/usuarios/me'],
      ['POST', '/auth/signup'],
    ]) {
      const res = await call(method, urlPath, method === 'POST' ? {} : undefined);
      expect(res.status, `${method} ${urlPath}`).toBe(401);
      expect(res.body).toEqual(unauthorized('Authorization header not found.'));
    }
  });

  it('words bad headers and bad tokens like @loopback/authentication-jwt', async () => {
    const h = (authorization: string) =>
      call('GET', '/productos/count', undefined, undefined, { Authorization: authorization });
    expect((await h('Basic abc')).body).toEqual(
      unauthorized("Authorization header is not of type 'Bearer'."),
    );
    expect((await h('Bearer a b')).status).toBe(401);
    expect((await h('Bearer nonsense')).body).toEqual(unauthorized('Error verifying token : jwt malformed'));
    const expired = jwt.sign(
      { id: 1, email: ADMIN.email, empresaId: 1, exp: Math.floor(Date.now() / 1000) - 10 },
      SECRET,
    );
    expect((await h(`Bearer ${expired}`)).body).toEqual(unauthorized('Error verifying token : jwt expired'));
    const forged = jwt.sign({ id: 1, email: ADMIN.email, empresaId: 1 }, 'another-secret');
    expect((await h(`Bearer ${forged}`)).body).toEqual(
      unauthorized('Error verifying token : invalid signature'),
    );
  });

  it('leaves /, static files and /config.json public', async () => {
    const root = await call('GET', '/');
    expect(root.status).toBe(200);
    expect(root.text).toContain('<title>PIM</title>');
    expect((await call('GET', '/app.js')).status).toBe(200);
    const config = await call('GET', '/config.json');
    expect(config.status).toBe(200);
    expect(config.body).toEqual({ apiUrl: '' });
    expect((await call('GET', '/nope')).status).toBe(404);
  });
});

describe('login', () => {
  it('returns tokens and userData: the usuario with roles carrying permisos, no password', async () => {
    const session = await login({ email: 'ADMIN@test.pim', password: ADMIN.password });
    expect(typeof session.accessToken).toBe('string');
    expect(typeof session.refreshToken).toBe('string');
    expect(session.userData).toMatchObject({ nombre: 'Admin', mail: ADMIN.email, empresaId: 1 });
    expect(session.userData).not.toHaveProperty('password');
    expect(session.userData.roles).toEqual([
      expect.objectContaining({
        codigo: 'admin',
        permisos: [expect.objectContaining({ controllerName: 'manage', moduleName: 'all' })],
      }),
    ]);
    const payload = jwt.verify(session.accessToken, SECRET) as Record<string, unknown>;
    expect(payload).toMatchObject({ id: session.userData.id, email: ADMIN.email, empresaId: 1 });
    expect((await call('GET', '/productos/count', undefined, session.accessToken)).status).toBe(200);
  });

  it('answers 401 "Email o contraseña incorrectos." for a wrong password or email', async () => {
    for (const credentials of [
      { email: ADMIN.email, password: 'wrong' },
      { email: 'nobody@test.pim', password: ADMIN.password },
    ]) {
      const res = await call('POST', '/auth/login', credentials);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized('Email o contraseña incorrectos.'));
    }
  });

  it('answers 422 VALIDATION_FAILED without email or password', async () => {
    const res = await call('POST', '/auth/login', { email: ADMIN.email });
    expect(res.status).toBe(422);
    expect((res.body.error as Record<string, unknown>).details).toEqual([
      expect.objectContaining({ path: '', code: 'required', info: { missingProperty: 'password' } }),
    ]);
  });

  it('POST /usuarios/refresh-login is the same as login', async () => {
    const res = await call('POST', '/usuarios/refresh-login', ADMIN);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['accessToken', 'refreshToken', 'userData']);
  });
});

describe('refresh', () => {
  it('rotates: a refresh token works once, the new one works', async () => {
    const session = await login();
    const first = await call('POST', '/auth/refresh-token', { refreshToken: session.refreshToken });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['accessToken', 'refreshToken']);
    const second = await call('POST', '/auth/refresh-token', { refreshToken: first.body.refreshToken });
    expect(second.status).toBe(200);
    expect((await call('GET', '/usuarios/me', undefined, second.body.accessToken as string)).status).toBe(
      200,
    );
  });

  it('reuse of a used refresh token ends the whole session (every token of its family)', async () => {
    const session = await login();
    const other = await login();
    const first = await call('POST', '/auth/refresh-token', { refreshToken: session.refreshToken });
    expect(first.status).toBe(200);
    const reused = await call('POST', '/auth/refresh-token', { refreshToken: session.refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual(unauthorized('Invalid refresh token'));
    // The newer refresh token and the session's access tokens are dead too.
    const newer = await call('POST', '/auth/refresh-token', { refreshToken: first.body.refreshToken });
    expect(newer.body).toEqual(unauthorized('Invalid refresh token'));
    for (const token of [session.accessToken, first.body.accessToken as string]) {
      const me = await call('GET', '/usuarios/me', undefined, token);
      expect(me.status).toBe(401);
      expect(me.body).toEqual(unauthorized('La sesión ya no es válida. Inicie sesión de nuevo.'));
    }
    // Another sign-in of the same user is another session: it goes on.
    expect((await call('GET', '/usuarios/me', undefined, other.accessToken)).status).toBe(200);
  });

  it('refuses garbage, access tokens and an empty body', async () => {
    const session = await login();
    expect((await call('POST', '/auth/refresh-token', { refreshToken: 'garbage' })).body).toEqual(
      unauthorized('Invalid refresh token'),
    );
    expect((await call('POST', '/auth/refresh-token', { refreshToken: session.accessToken })).status).toBe(
      401,
    );
    expect((await call('POST', '/auth/refresh-token', {})).status).toBe(422);
  });
});

describe('users', () => {
  it('GET /usuarios/me is the current user with roles', async () => {
    const session = await login();
    const me = await call('GET', '/usuarios/me', undefined, session.accessToken);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      mail: ADMIN.email,
      roles: [expect.objectContaining({ codigo: 'admin' })],
    });
    expect(me.body).not.toHaveProperty('password');
  });

  it('include roles works in both forms; a user without roles has no roles key', async () => {
    const { accessToken } = await login();
    for (const include of [['roles'], [{ relation: 'roles' }]]) {
      const filter = encodeURIComponent(JSON.stringify({ include, order: ['id ASC'] }));
      const users = (await call('GET', `/usuarios?filter=${filter}`, undefined, accessToken))
        .body as unknown as Record<string, unknown>[];
      const admin = users.find((u) => u.mail === ADMIN.email)!;
      const plain = users.find((u) => u.mail === 'noroles@test.pim')!;
      expect(admin.roles).toEqual([expect.objectContaining({ codigo: 'admin' })]);
      expect(plain).not.toHaveProperty('roles');
    }
    const bad = await call(
      'GET',
      `/usuarios?filter=${encodeURIComponent('{"include":["nope"]}')}`,
      undefined,
      accessToken,
    );
    expect(bad.status).toBe(400);
    expect((bad.body.error as Record<string, unknown>).code).toBe('INVALID_INCLUSION_FILTER');
  });

  it('never returns password; it is stored hashed and can be changed', async () => {
    const { accessToken } = await login();
    const created = await call(
      'POST',
      '/usuarios',
      { nombre: 'Nuevo', mail: 'nuevo@test.pim', password: 'Nuevo-Usuario-2026', empresaId: 1 },
      accessToken,
    );
    expect(created.status).toBe(200);
    expect(created.body).not.toHaveProperty('password');
    const id = created.body.id as number;
    const one = await call(
      'GET',
      `/usuarios/${id}?filter=${encodeURIComponent('{"fields":["id","password"]}')}`,
      undefined,
      accessToken,
    );
    expect(one.body).toEqual({ id });
    const list = await call('GET', '/usuarios', undefined, accessToken);
    expect(list.text).not.toContain('password');
    expect(list.text).not.toContain('Nuevo-Usuario-2026');
    expect(
      (await login({ email: 'nuevo@test.pim', password: 'Nuevo-Usuario-2026' })).userData,
    ).not.toHaveProperty('password');
    // PUT without a password keeps it; PATCH with one changes it.
    expect(
      (
        await call(
          'PUT',
          `/usuarios/${id}`,
          { nombre: 'Nuevo 2', mail: 'nuevo@test.pim', empresaId: 1 },
          accessToken,
        )
      ).status,
    ).toBe(204);
    await login({ email: 'nuevo@test.pim', password: 'Nuevo-Usuario-2026' });
    expect(
      (await call('PATCH', `/usuarios/${id}`, { password: 'Cambiada-Clave-2026' }, accessToken)).status,
    ).toBe(204);
    expect(
      (await call('POST', '/auth/login', { email: 'nuevo@test.pim', password: 'Nuevo-Usuario-2026' })).status,
    ).toBe(401);
    await login({ email: 'nuevo@test.pim', password: 'Cambiada-Clave-2026' });
  });

  it('POST /auth/signup (signed in) creates a user who can log in', async () => {
    const { accessToken } = await login();
    const res = await call(
      'POST',
      '/auth/signup',
      { email: 'signup@test.pim', password: 'Alta-Usuario-2026' },
      accessToken,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mail: 'signup@test.pim', nombre: 'signup@test.pim', empresaId: 1 });
    expect(res.body).not.toHaveProperty('password');
    await login({ email: 'signup@test.pim', password: 'Alta-Usuario-2026' });
    const again = await call(
      'POST',
      '/auth/signup',
      { email: 'signup@test.pim', password: 'Alta-Usuario-2026' },
      accessToken,
    );
    expect(again.status).toBe(422);
    expect((again.body.error as Record<string, unknown>).code).toBe('ER_DUP_ENTRY');
  });

  it('POST /auth/signup refuses passwords the policy does not accept, in Spanish, naming the field', async () => {
    const { accessToken } = await login();
    for (const [password, message] of [
      ['1', 'La contraseña debe tener al menos 12 caracteres.'],
      ['debil@test.pim', 'La contraseña no puede ser el correo electrónico.'],
      ['password1234', 'Esa contraseña es demasiado común: elija otra.'],
    ]) {
      const res = await call('POST', '/auth/signup', { email: 'debil@test.pim', password }, accessToken);
      expect(res.status, password).toBe(422);
      expect(res.body.error, password).toMatchObject({
        message,
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ path: '/password', message })],
      });
    }
    expect((await call('POST', '/auth/login', { email: 'debil@test.pim', password: '1' })).status).toBe(401);
  });
});
