// @vitest-environment node
/**
 * Users and sessions on the reference API: a password change ends the user's other sessions; only an admin,
 * or the user with their current password, changes a password or e-mail; a deleted or disabled user's tokens
 * are refused at once, and nobody disables themselves.
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

/** The started API also exposes its repositories (a write straight to the store, as another process would). */
type ServerWithRepos = StartedServer & {
  repositories: {
    repository(name: string): { updateById(id: number, data: Record<string, unknown>): Promise<void> };
  };
};

let server: ServerWithRepos;
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
  server = (await startTestServer({ seed: true })) as ServerWithRepos;
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

describe('a disabled user', () => {
  const USER_DISABLED = 'Este usuario está desactivado. Consulte con un administrador.';

  it('is refused at once: sign-in, access and refresh tokens; enabled again, signs in', async () => {
    const user = await testUser(server.url, admin, 1, ['read|productos']);
    const session = (await login(user.email, user.password)).body;
    expect((await call(user.token, 'GET', '/productos/count')).status).toBe(200);

    const disabled = await call(admin, 'PATCH', `/usuarios/${user.id}`, { activoSN: 'N' });
    expect(disabled.status).toBe(204);
    expect((await call(admin, 'GET', `/usuarios/${user.id}`)).body.activoSN).toBe('N');
    for (const token of [user.token, session.accessToken]) {
      const refused = await call(token, 'GET', '/productos/count');
      expect(refused.status).toBe(401);
      expect(refused.body.error?.message).toMatch(
        /^(Este usuario está desactivado|La sesión ya no es válida)/,
      );
    }
    expect(await refresh(session.refreshToken)).toBe(401);
    // The right password gets the reason; a wrong one the usual answer (nothing told to a guesser).
    const signIn = await login(user.email, user.password);
    expect(signIn.status).toBe(401);
    expect((signIn.body as unknown as { error: { message: string } }).error.message).toBe(USER_DISABLED);
    const guess = await login(user.email, 'otra-contraseña-cualquiera');
    expect((guess.body as unknown as { error: { message: string } }).error.message).toBe(
      'Email o contraseña incorrectos.',
    );

    expect((await call(admin, 'PATCH', `/usuarios/${user.id}`, { activoSN: 'S' })).status).toBe(204);
    const again = await login(user.email, user.password);
    expect(again.status).toBe(200);
    expect((await call(again.body.accessToken, 'GET', '/productos/count')).status).toBe(200);
  });

  it('is refused on the next request even when the sessions were not ended (another process)', async () => {
    const user = await testUser(server.url, admin, 1, ['read|productos']);
    expect((await call(user.token, 'GET', '/productos/count')).status).toBe(200);
    // Straight to the store, as another API process or a database edit would: no session is ended here.
    await server.repositories.repository('usuarios').updateById(user.id, { activoSN: 'N' });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const refused = await call(user.token, 'GET', '/productos/count');
    expect(refused.status).toBe(401);
    expect(refused.body.error?.message).toBe(USER_DISABLED);
  });

  it('nobody disables themselves; only an admin disables an admin; other companies stay invisible', async () => {
    const manager = await testUser(server.url, admin, 1, ['manage|usuarios', 'read|productos']);
    const self = await call(manager.token, 'PATCH', `/usuarios/${manager.id}`, { activoSN: 'N' });
    expect(self.status).toBe(403);
    expect(self.body.error?.message).toBe('No puede desactivar su propio usuario.');
    const me = { id: Number((await call(admin, 'GET', '/usuarios/me')).body.id) };
    const adminSelf = await call(admin, 'PATCH', `/usuarios/${me.id}`, { activoSN: 'N' });
    expect(adminSelf.status).toBe(403);
    expect(adminSelf.body.error?.message).toBe('No puede desactivar su propio usuario.');
    const onAdmin = await call(manager.token, 'PATCH', `/usuarios/${me.id}`, { activoSN: 'N' });
    expect(onAdmin.status).toBe(403);
    expect(String(onAdmin.body.error?.message)).toMatch(/^Solo un administrador puede modificar/);
    const stranger = await testUser(server.url, admin, 2, ['read|productos']);
    expect((await call(manager.token, 'PATCH', `/usuarios/${stranger.id}`, { activoSN: 'N' })).status).toBe(
      404,
    );
    // The admin and the other company's user are untouched and still work.
    expect((await call(admin, 'GET', '/productos/count')).status).toBe(200);
    expect((await call(stranger.token, 'GET', '/productos/count')).status).toBe(200);
    // A manager of users disables an ordinary colleague of their company.
    const colleague = await testUser(server.url, admin, 1, ['read|productos']);
    expect((await call(manager.token, 'PATCH', `/usuarios/${colleague.id}`, { activoSN: 'N' })).status).toBe(
      204,
    );
    expect((await call(colleague.token, 'GET', '/productos/count')).status).toBe(401);
  });
});
