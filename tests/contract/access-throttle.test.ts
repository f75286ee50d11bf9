// @vitest-environment node
/**
 * Sign-in throttling (server/auth/throttle.ts) with short settings: after the free failures each wrong
 * password waits a growing delay, then the account is locked (429, Spanish message, even for the right
 * password); once the lock is over the right password signs in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUser } from '../support/access';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

const BASE_DELAY_MS = 300;
const LOCK_MS = 1500;

let server: StartedServer;
let admin: string;

const attempt = async (email: string, password: string) => {
  const started = performance.now();
  const res = await fetch(`${server.url}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { error?: { message?: string; code?: string } };
  return { status: res.status, body, ms: performance.now() - started };
};

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    loginThrottle: { freeFailures: 5, lockFailures: 7, baseDelayMs: BASE_DELAY_MS, lockMs: LOCK_MS },
  });
  admin = await loginToken(server.url, demoLogins().admin);
});

afterAll(async () => {
  await server?.stop();
});

describe('sign-in throttling', () => {
  it('delays the 6th wrong password, then locks with a Spanish message; after the lock the right password works', async () => {
    const user = await testUser(server.url, admin, 1, ['read|productos']);
    for (let i = 1; i <= 5; i += 1) {
      const res = await attempt(user.email, `mala-${i}`);
      expect(res.status, `attempt ${i}`).toBe(401);
    }
    const sixth = await attempt(user.email, 'mala-6');
    expect(sixth.status).toBe(401);
    expect(sixth.ms).toBeGreaterThanOrEqual(BASE_DELAY_MS);
    const seventh = await attempt(user.email, 'mala-7');
    expect(seventh.status).toBe(401);
    expect(seventh.ms).toBeGreaterThanOrEqual(2 * BASE_DELAY_MS);

    const locked = await attempt(user.email, user.password);
    expect(locked.status).toBe(429);
    // held before the answer, so a flood against a locked account cannot go faster than its connections
    expect(locked.ms).toBeGreaterThanOrEqual(2 * BASE_DELAY_MS);
    expect(locked.body.error).toMatchObject({
      code: 'LOGIN_LOCKED',
      message: 'Demasiados intentos fallidos. El acceso queda bloqueado 1 minuto; inténtelo más tarde.',
    });
    // Another account from the same address is not locked by this one.
    const unthrottled = await attempt(demoLogins().editor.email, demoLogins().editor.password);
    expect(unthrottled.status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, LOCK_MS + 100));
    const after = await attempt(user.email, user.password);
    expect(after.status).toBe(200);
    // no delay left once the lock is over: about as long as an unthrottled sign-in (whatever the machine's load)
    expect(after.ms).toBeLessThan(unthrottled.ms + BASE_DELAY_MS);
  });

  it('counts unknown e-mails like known ones', async () => {
    const email = 'nadie-en-absoluto@test.pim';
    for (let i = 1; i <= 7; i += 1) expect((await attempt(email, `x-${i}`)).status).toBe(401);
    expect((await attempt(email, 'x-8')).status).toBe(429);
  });
});
