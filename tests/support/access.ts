/**
 * Users made for a contract test through the API itself (as the admin): a role holding the given permisos
 * (never the admin role: company isolation still applies), a user of a company with that role, signed in.
 */
import { apiCaller, q, type Row } from './api';

export interface TestUser {
  id: number;
  /** The user's only role (its permisos can be changed: roles are read per request). */
  rolId: number;
  email: string;
  password: string;
  token: string;
}

/** A password the API's policy accepts (long, not the e-mail, not a common one). */
export const TEST_PASSWORD = 'Prueba-Contraseña-Larga-2026';

let counter = 0;

/** `action|resource` pairs → permiso ids, creating the permisos the seed lacks. */
export async function permisoIds(url: string, admin: string, permisos: readonly string[]): Promise<number[]> {
  const call = apiCaller(() => url);
  const ids: number[] = [];
  for (const pair of permisos) {
    const [controllerName, moduleName] = pair.split('|');
    const where = { controllerName, moduleName };
    const found = (await call(admin, 'GET', `/permisos?filter=${q({ where, limit: 1 })}`)).body as Row[];
    if (found[0]) {
      ids.push(Number(found[0].id));
      continue;
    }
    const created = await call(admin, 'POST', '/permisos', { controllerName, moduleName, actionName: '' });
    if (created.status !== 200) throw new Error(`permiso ${pair}: ${created.status}`);
    ids.push(Number(created.body.id));
  }
  return ids;
}

/**
 * A signed-in non-admin of `empresaId` whose only role holds `permisos` (`action|resource`, default
 * `manage|all`: every permiso, still limited to their company).
 */
export async function testUser(
  url: string,
  admin: string,
  empresaId: number,
  permisos: readonly string[] = ['manage|all'],
): Promise<TestUser> {
  const call = apiCaller(() => url);
  const n = `${process.pid}-${Date.now() % 100000}-${counter++}`;
  const rol = await call(admin, 'POST', '/roles', { nombre: `Prueba ${n}`, codigo: `prueba-${n}` });
  if (rol.status !== 200) throw new Error(`role: ${rol.status} ${JSON.stringify(rol.body)}`);
  const rolId = Number(rol.body.id);
  const setPermisos = await call(admin, 'PUT', `/roles/${rolId}/permisos`, {
    permisoIds: await permisoIds(url, admin, permisos),
  });
  if (setPermisos.status !== 204) throw new Error(`role permisos: ${setPermisos.status}`);
  const email = `prueba-${n}@test.pim`;
  const user = await call(admin, 'POST', '/auth/signup', { email, password: TEST_PASSWORD, empresaId });
  if (user.status !== 200) throw new Error(`signup: ${user.status} ${JSON.stringify(user.body)}`);
  const id = Number(user.body.id);
  const setRoles = await call(admin, 'PUT', `/usuarios/${id}/roles`, { rolIds: [rolId] });
  if (setRoles.status !== 204) throw new Error(`user roles: ${setRoles.status}`);
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { id, rolId, email, password: TEST_PASSWORD, token: accessToken };
}

/**
 * The role of `user` holds exactly `permisos` from now on (the API reads roles at every request, so the user's
 * next call is checked against them).
 */
export async function grantOnly(
  url: string,
  admin: string,
  user: TestUser,
  permisos: readonly string[],
): Promise<void> {
  const call = apiCaller(() => url);
  const res = await call(admin, 'PUT', `/roles/${user.rolId}/permisos`, {
    permisoIds: await permisoIds(url, admin, permisos),
  });
  if (res.status !== 204) throw new Error(`role permisos: ${res.status}`);
}

interface Creator {
  create(data: Record<string, unknown>): Promise<{ id: unknown }>;
  find(filter: Record<string, unknown>): Promise<{ id: unknown }[]>;
}
interface Repositories {
  repository(name: string): Creator;
  joinRepositories: Map<string, Creator>;
}

/** Gives a user created through the repositories the admin role (creating the role on an empty store). */
export async function makeAdmin(repositories: Repositories, usuarioId: unknown): Promise<void> {
  const roles = repositories.repository('roles');
  const [found] = await roles.find({ where: { codigo: 'admin' }, limit: 1 });
  const rol = found ?? (await roles.create({ nombre: 'Administrador', codigo: 'admin' }));
  await repositories.joinRepositories.get('UsuarioRol')!.create({ usuarioId, rolId: rol.id });
}

/** A server started with its repositories exposed (startTestServer on the embedded store or MariaDB). */
export interface ServerWithRepositories {
  url: string;
  repositories: unknown;
}

export interface AdminUserOptions {
  /** The company created for the user (an empty store has none). */
  empresa: { id: number; nombre: string; codigo: string };
  nombre: string;
  mail: string;
}

/**
 * On an empty store: a company, a user of it created through the repositories and made admin (allowed
 * everything, so what a test sees refused is never the permiso), signed in. Returns the user's id and token.
 */
export async function adminUser(
  server: ServerWithRepositories,
  { empresa, nombre, mail }: AdminUserOptions,
): Promise<{ id: unknown; token: string }> {
  const repositories = server.repositories as Repositories;
  await repositories.repository('empresas').create(empresa);
  const password = TEST_PASSWORD;
  const user = await repositories
    .repository('usuarios')
    .create({ nombre, mail, password, empresaId: empresa.id });
  if (user.id === undefined) throw new Error(`usuario ${mail}: sin id`);
  await makeAdmin(repositories, user.id);
  const res = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: mail, password }),
  });
  if (res.status !== 200) throw new Error(`login ${mail}: ${res.status} ${await res.text()}`);
  return { id: user.id, token: ((await res.json()) as { accessToken: string }).accessToken };
}
