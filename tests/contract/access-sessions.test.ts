// @vitest-environment node
/**
 * Users and sessions on the reference API: a password change ends the user's other sessions; only an admin,
 * or the user with their current password, changes a password or e-mail; a deleted user's tokens are refused
 * at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers } from '../support/api';
import { testUser, TEST_PASSWORD } from '../support/access';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

const SESSION_ENDED = {
  error: {
    statusCode: 401,
    name: 'UnauthorizedError',
    message: 'La sesión ya no es válida. Inicie sesión de nuevo.',
  },
};

let server: StartedServer;
let admin: string;
const { call } = apiHelpers(() => server.url);

const login = async (email: string, password: string) => {
  const res = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as { accessToken: string; refreshToken: string } };
};
const refresh = async (refreshToken: string) =>
  (
    await fetch(`${server.url}/auth/refresh-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    })
  ).status;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
});

afterAll(async () => {
  await server?.stop();
});

describe('changing one’s own password', () => {
  it('needs the current password, follows the policy, and ends the other sessions only', async () => {
    const user = await testUser(server.url, admin, 1, ['read|productos']);
    const other = (await login(user.email, user.password)).body;
    expect((await call(other.accessToken, 'GET', '/productos/count')).status).toBe(200);

    const wrong = await call(user.token, 'POST', '/usuarios/me/credenciales', {
      currentPassword: 'no-es-la-actual',
      password: 'Nueva-Clave-Segura-2026',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error?.message).toBe('La contraseña actual no es correcta.');
    const weak = await call(user.token, 'POST', '/usuarios/me/credenciales', {
      currentPassword: TEST_PASSWORD,
      password: 'corta',
    });
    expect(weak.status).toBe(422);
    expect(weak.body.error?.message).toBe('La contraseña debe tener al menos 12 caracteres.');
    expect((await call(other.accessToken, 'GET', '/productos/count')).status).toBe(200);

    const changed = await call(user.token, 'POST', '/usuarios/me/credenciales', {
      currentPassword: TEST_PASSWORD,
      password: 'Nueva-Clave-Segura-2026',
    });
    expect(changed.status).toBe(204);
    // The other session: access and refresh tokens refused at once.
    const refused = await call(other.accessToken, 'GET', '/productos/count');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(SESSION_ENDED);
    expect(await refresh(other.refreshToken)).toBe(401);
    // This session goes on; the old password no longer signs in, the new one does.
    expect((await call(user.token, 'GET', '/productos/count')).status).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(user.email, 'Nueva-Clave-Segura-2026')).status).toBe(200);
  });
});

describe('someone else’s password or e-mail', () => {
  it('only an admin changes them; the user is then signed out everywhere', async () => {
    const manager = await testUser(server.url, admin, 1, ['manage|usuarios']);
    const target = await testUser(server.url, admin, 1, ['read|productos']);
    for (const body of [{ password: 'Robada-Clave-2026' }, { mail: 'robado@test.pim' }]) {
      const res = await call(manager.token, 'PATCH', `/usuarios/${target.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(String(res.body.error?.message)).toMatch(/^Solo un administrador puede cambiar la contraseña/);
    }
    expect((await login(target.email, TEST_PASSWORD)).status).toBe(200);
    const weak = await call(admin, 'PATCH', `/usuarios/${target.id}`, { password: target.email });
    expect(weak.status).toBe(422);
    expect(weak.body.error?.details).toEqual([expect.objectContaining({ path: '/password' })]);
    expect(
      (await call(admin, 'PATCH', `/usuarios/${target.id}`, { password: 'Puesta-Por-Admin-2026' })).status,
    ).toBe(204);
    expect((await call(target.token, 'GET', '/productos/count')).body).toEqual(SESSION_ENDED);
    expect((await login(target.email, 'Puesta-Por-Admin-2026')).status).toBe(200);
  });
});

describe('a deleted user', () => {
  it('is refused at once, access and refresh tokens alike', async () => {
    const user = await testUser(server.url, admin, 1, ['read|productos']);
    const session = (await login(user.email, user.password)).body;
    expect((await call(user.token, 'GET', '/productos/count')).status).toBe(200);
    expect((await call(admin, 'DELETE', `/usuarios/${user.id}`)).status).toBe(204);
    for (const token of [user.token, session.accessToken]) {
      expect((await call(token, 'GET', '/productos/count')).body).toEqual(SESSION_ENDED);
    }
    expect(await refresh(session.refreshToken)).toBe(401);
  });
});
