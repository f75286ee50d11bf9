// @vitest-environment node
/**
 * Bad input against the access rules of the reference API: forged, expired, `alg: none`, other-secret and
 * ill-shaped tokens; 1,000 `inq` ids from another company's user; a 20 MB body. Each gets a clear 4xx, never a
 * 500 and never another company's data. Also the absolute session lifetime (no refresh after it, whatever the
 * refresh token says) and sign-up turned off by configuration.
 */
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHelpers, q, type Row } from '../support/api';
import { testUser } from '../support/access';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

const SECRET = 'secreto-de-las-pruebas-de-acceso';
const SESSION_TTL_SECONDS = 2;

let server: StartedServer;
let admin: string;
const { call, rows } = apiHelpers(() => server.url);

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

const login = async (url: string, email: string, password: string) => {
  const res = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: res.status,
    body: (await res.json()) as Row & { accessToken: string; refreshToken: string },
  };
};
const refresh = async (url: string, refreshToken: string) => {
  const res = await fetch(`${url}/auth/refresh-token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  return { status: res.status, body: (await res.json()) as Row & { refreshToken: string } };
};

beforeAll(async () => {
  server = await startTestServer({ seed: true, jwtSecret: SECRET });
  admin = await loginToken(server.url, demoLogins().admin);
});

afterAll(async () => {
  await server?.stop();
});

describe('tokens that must not open anything', () => {
  it('alg none, another secret, expired, another algorithm, ill-shaped or unknown-session tokens: 401, never data', async () => {
    const { sid } = jwt.decode(admin) as { sid: string };
    const claims = { id: 1, email: demoLogins().admin.email, empresaId: 1, sid };
    const now = Math.floor(Date.now() / 1000);
    const tokens: Record<string, string> = {
      'alg none': `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, iat: now })}.`,
      'alg none, signature kept': `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.${admin.split('.')[2]}`,
      'another secret': jwt.sign(claims, 'otro-secreto', { algorithm: 'HS256' }),
      'HS512 with the right secret': jwt.sign(claims, SECRET, { algorithm: 'HS512' }),
      expired: jwt.sign({ ...claims, exp: now - 10 }, SECRET, { algorithm: 'HS256' }),
      'payload changed, signature kept': `${admin.split('.')[0]}.${base64url({ ...claims, empresaId: 2 })}.${admin.split('.')[2]}`,
      'id as text': jwt.sign({ ...claims, id: '1' }, SECRET, { algorithm: 'HS256' }),
      'no session id': jwt.sign({ id: 1, email: claims.email, empresaId: 1 }, SECRET, { algorithm: 'HS256' }),
      'unknown session': jwt.sign({ ...claims, sid: 'no-existe' }, SECRET, { algorithm: 'HS256' }),
      'unknown user': jwt.sign({ ...claims, id: 999_999 }, SECRET, { algorithm: 'HS256' }),
      garbage: 'a.b.c',
    };
    for (const [label, token] of Object.entries(tokens)) {
      for (const path of ['/productos', '/usuarios/me', `/productos/count?where=${q({})}`]) {
        const res = await call(token, 'GET', path);
        expect(res.status, `${label} ${path}`).toBe(401);
        expect(Object.keys(res.body ?? {}), `${label} ${path}`).toEqual(['error']);
        expect(res.body.error, label).toMatchObject({ statusCode: 401, name: 'UnauthorizedError' });
      }
    }
    // the genuine token still works (the cases above did not end its session)
    expect((await call(admin, 'GET', '/usuarios/me')).status).toBe(200);
  });

  it('a refresh token that is forged or signed with another secret is 401', async () => {
    const { sid } = jwt.decode(admin) as { sid: string };
    for (const token of [
      jwt.sign({ id: 1, sid, jti: 'x' }, 'otro-secreto'),
      `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ id: 1, sid, jti: 'x' })}.`,
    ]) {
      const res = await refresh(server.url, token);
      expect(res.status).toBe(401);
    }
  });
});

describe('lists and bodies', () => {
  it('1,000 inq ids from a company-2 user answer only company-2 rows; 1,001 are 400', async () => {
    const user2 = await testUser(server.url, admin, 2, ['read|productos']);
    const ids = Array.from({ length: 1_000 }, (_, i) => i + 1);
    const res = await call(
      user2.token,
      'GET',
      `/productos?filter=${q({ where: { id: { inq: ids } }, limit: 1000 })}`,
    );
    expect(res.status).toBe(200);
    const found = res.body as Row[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.empresaId === 2)).toBe(true);
    const count = await call(user2.token, 'GET', `/productos/count?where=${q({ id: { inq: ids } })}`);
    expect((count.body as unknown as { count: number }).count).toBe(found.length);
    const tooMany = await call(
      user2.token,
      'GET',
      `/productos/count?where=${q({ id: { inq: [...ids, 1_001] } })}`,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({ statusCode: 400 });
  });

  it('a 20 MB JSON body is 413 in LoopBack shape, and the API answers at once afterwards', async () => {
    const before = (await rows(admin, '/Marca', { where: { empresaId: 1 }, limit: 1000 })).length;
    const res = await call(admin, 'POST', '/Marca', { nombre: 'x'.repeat(20 * 1024 * 1024), empresaId: 1 });
    expect(res.status).toBe(413);
    expect(Object.keys(res.body ?? {})).toEqual(['error']);
    expect(res.body.error).toMatchObject({ statusCode: 413 });
    expect((await rows(admin, '/Marca', { where: { empresaId: 1 }, limit: 1000 })).length).toBe(before);
    const started = Date.now();
    expect((await call(admin, 'GET', '/usuarios/me')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('absolute session lifetime', () => {
  // a server of its own: a session this short would end the other tests' sessions under a loaded machine
  it(`refreshes stop ${SESSION_TTL_SECONDS} s after the sign-in, however fresh the refresh token`, async () => {
    const short = await startTestServer({ seed: true, sessionTtlSeconds: SESSION_TTL_SECONDS });
    try {
      const { email, password } = demoLogins().admin;
      const session = await login(short.url, email, password);
      expect(session.status).toBe(200);
      const first = await refresh(short.url, session.body.refreshToken);
      expect(first.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, SESSION_TTL_SECONDS * 1000 + 300));
      const late = await refresh(short.url, first.body.refreshToken);
      expect(late.status).toBe(401);
      expect(late.body.error).toMatchObject({ statusCode: 401 });
      // a new sign-in starts a new session
      const again = await login(short.url, email, password);
      expect((await refresh(short.url, again.body.refreshToken)).status).toBe(200);
    } finally {
      await short.stop();
    }
  });
});

describe('sign-up turned off by configuration', () => {
  it('refuses even an admin, in Spanish, and creates nobody', async () => {
    const off = await startTestServer({ seed: true, signup: false });
    try {
      const token = await loginToken(off.url, demoLogins().admin);
      const res = await fetch(`${off.url}/auth/signup`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email: 'nuevo-alta@test.pim',
          password: 'Alta-Desactivada-2026',
          empresaId: 1,
        }),
      });
      const body = (await res.json()) as Row;
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(body.error?.message).toBe('El alta de usuarios está desactivada en este servidor.');
      expect((await login(off.url, 'nuevo-alta@test.pim', 'Alta-Desactivada-2026')).status).toBe(401);
    } finally {
      await off.stop();
    }
  });
});
