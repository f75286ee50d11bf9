/**
 * Sign-in, session and language (issue 3), against the built app and the reference API with the demo data.
 * PIM_JWT_SECRET is the E2E server's JWT secret (tests/run-e2e.mjs): it lets a spec mint an expired token.
 */
import { expect, test, type Page } from '@playwright/test';
import jwt from 'jsonwebtoken';
import { ADMIN, EDITOR, expectListLoaded, listRows, signIn } from './support';

const NOT_ADMIN = /Acceso denegado: solo los usuarios con el rol de administrador/;

const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

const signedIn = async (page: Page) => {
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  await expect(listRows(page).first()).toBeVisible();
};

/** An access token signed like server/auth/tokens.ts does, already expired. */
const expiredToken = (user: { id: number; mail: string; empresaId: number | null }) => {
  const secret = process.env.PIM_JWT_SECRET;
  if (!secret) throw new Error('PIM_JWT_SECRET is not set (run through tests/run-e2e.mjs)');
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign(
    { id: user.id, email: user.mail, empresaId: user.empresaId, iat: now - 120, exp: now - 60 },
    secret,
    {
      algorithm: 'HS256',
    },
  );
};

test('admin signs in and lands on /productos with the session stored', async ({ page }) => {
  await signedIn(page);
  await expectListLoaded(page, 10);
  expect(await storage(page, 'accessToken')).toBeTruthy();
  expect(await storage(page, 'refreshToken')).toBeTruthy();
  const user = JSON.parse((await storage(page, 'userDataPim')) ?? '{}');
  expect(user.mail).toBe(ADMIN.email);
  expect(user.accessToken).toBe(await storage(page, 'accessToken'));
  expect(user.ability).toEqual(
    expect.arrayContaining([expect.objectContaining({ action: 'manage', subject: 'all' })]),
  );
});

test('a non-admin (editor) stays on /login with a clear notice and no session', async ({ page }) => {
  await signIn(page, EDITOR);
  await expect(page.getByText(NOT_ADMIN)).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.locator('button[type="submit"]')).toBeVisible();
  expect(await storage(page, 'accessToken')).toBeNull();
  expect(await storage(page, 'refreshToken')).toBeNull();
  expect(await storage(page, 'userDataPim')).toBeNull();
  // going to a screen by URL still asks to sign in
  await page.goto('/#/productos');
  await expect(page).toHaveURL(/#\/login/);
});

test('a wrong password or an unknown email gives the server message and stays on /login', async ({
  page,
}) => {
  await signIn(page, { email: ADMIN.email, password: 'NoEsLaClave1!' });
  await expect(page.getByText('Email o contraseña incorrectos.')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  await signIn(page, { email: 'nadie@demo.pim', password: 'Cualquiera1!' });
  await expect(page.getByText('Email o contraseña incorrectos.').first()).toBeVisible();
  expect(await storage(page, 'accessToken')).toBeNull();
});

test('the language switch changes the menu and survives a reload', async ({ page, context }) => {
  await signedIn(page);
  await expect(page.getByRole('group', { name: 'Catálogo' })).toBeVisible();
  await page.getByRole('button', { name: 'Idioma' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('group', { name: 'Catalogue' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Catálogo' })).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === 'idioma');
  expect(cookie?.value).toBe('en');
  await page.reload();
  await expect(page.getByRole('group', { name: 'Catalogue' })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Brands' })).toBeVisible();
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.getByRole('menuitem', { name: 'Marken' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Benutzer' })).toBeVisible();
});

test('an unknown language cookie falls back to Spanish', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'idioma', value: 'klingon', url: baseURL ?? 'http://127.0.0.1' }]);
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await signedIn(page);
  await expect(page.getByRole('group', { name: 'Catálogo' })).toBeVisible();
});

test('an expired access token mid-session is refreshed without the user noticing', async ({ page }) => {
  await signedIn(page);
  const user = JSON.parse((await storage(page, 'userDataPim')) ?? '{}');
  const oldRefresh = await storage(page, 'refreshToken');
  const expired = expiredToken(user);
  await page.evaluate((token) => {
    localStorage.setItem('accessToken', token);
    const data = JSON.parse(localStorage.getItem('userDataPim') ?? '{}');
    localStorage.setItem('userDataPim', JSON.stringify({ ...data, accessToken: token }));
  }, expired);
  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/auth/refresh-token')) refreshes.push(request.url());
  });
  await page.goto('/#/Marca');
  await expect(listRows(page).first()).toBeVisible();
  await expect(page).toHaveURL(/#\/Marca/);
  // no error shown, no trip to the login page
  await expect(page.locator('.MuiSnackbarContent-root, .MuiAlert-standardError')).toHaveCount(0);
  const fresh = await storage(page, 'accessToken');
  expect(fresh).toBeTruthy();
  expect(fresh).not.toBe(expired);
  expect(await storage(page, 'refreshToken')).not.toBe(oldRefresh);
  expect(JSON.parse((await storage(page, 'userDataPim')) ?? '{}').accessToken).toBe(fresh);
  expect(refreshes).toHaveLength(1);
});

test('a tampered token with a dead refresh token logs out once, to /login, with no loop', async ({
  page,
}) => {
  await signedIn(page);
  await page.evaluate(() => {
    localStorage.setItem('accessToken', 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.firma-falsa');
    localStorage.setItem('refreshToken', 'refresh-inventado');
  });
  let refreshes = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/auth/refresh-token')) refreshes += 1;
  });
  await page.goto('/#/Marca');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.locator('button[type="submit"]')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(refreshes).toBe(1);
  expect(await storage(page, 'accessToken')).toBeNull();
});

test('logout in one tab logs out the others', async ({ page, context }) => {
  await signedIn(page);
  const other = await context.newPage();
  await other.goto('/#/Marca');
  await expect(listRows(other).first()).toBeVisible();
  await page.getByRole('button', { name: 'Perfil' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await expect(other).toHaveURL(/#\/login/);
  await expect(other.getByText('La sesión se ha cerrado en otra pestaña.')).toBeVisible();
});

test('inactivity: activity in one tab keeps the others alive; then every tab shows the notice and logs out', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signedIn(page);
  // 0.1 minutes = 6 s (read at start-up: reload after setting it)
  await page.evaluate(() => localStorage.setItem('tiempoDeEsperaInactividad', '0.1'));
  await page.reload();
  await expect(listRows(page).first()).toBeVisible();
  const other = await context.newPage();
  await other.goto('/#/Marca');
  await expect(listRows(other).first()).toBeVisible();
  // 12 s of activity in the first tab only
  for (let i = 0; i < 24; i += 1) {
    await page.mouse.move(100 + (i % 2) * 50, 200);
    await page.waitForTimeout(500);
  }
  await expect(other.getByText('Sesión cerrada por inactividad')).toHaveCount(0);
  await expect(other).toHaveURL(/#\/Marca/);
  // then nobody moves: the notice in every tab for 5 s, then the login page
  await expect(other.getByText('Sesión cerrada por inactividad')).toBeVisible({ timeout: 15_000 });
  await expect(other.getByText('Tu sesión ha expirado. Por favor, inicia sesión nuevamente.')).toBeVisible();
  await expect(page.getByText('Sesión cerrada por inactividad')).toBeVisible();
  await expect(other).toHaveURL(/#\/login/, { timeout: 15_000 });
  await expect(page).toHaveURL(/#\/login/, { timeout: 15_000 });
  expect(await storage(page, 'accessToken')).toBeNull();
});

test('users: roles as chips, search by mail, a new user created with a role', async ({ page }) => {
  await signedIn(page);
  await page.goto('/#/usuarios');
  await expect(listRows(page).first()).toBeVisible();
  const adminRow = listRows(page).filter({ hasText: ADMIN.email });
  await expect(adminRow.getByText('Administrador')).toBeVisible();
  await page.getByPlaceholder('Buscar').fill('editor@demo');
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toContainText('Editor de catálogo');

  const unique = `e2e-${Date.now() % 1_000_000}`;
  await page.goto('/#/usuarios/create');
  await page.locator('input[name="nombre"]').fill(`Usuario ${unique}`);
  await page.locator('input[name="mail"]').fill(`${unique}@demo.pim`);
  await page.locator('input[name="password"]').fill('Clave-Segura-2026!');
  await page.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: 'Editor de catálogo' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Usuario creado')).toBeVisible();
  await expect(page).toHaveURL(/#\/usuarios(\?|$)/);
  await page.getByPlaceholder('Buscar').fill(unique);
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toContainText('Editor de catálogo');
});

test('permissions matrix: filter by module, tick, save one role, still there after a reload', async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/#/matriz-permisos');
  const table = page.getByRole('table', { name: 'Matriz de permisos' });
  await expect(table).toBeVisible();
  await page.getByRole('combobox', { name: 'Módulo' }).click();
  await page.getByRole('option', { name: 'Marca', exact: true }).click();
  const cell = page.getByRole('checkbox', { name: 'Editor de catálogo: Marca · update' });
  await expect(cell).toBeVisible();
  const before = await cell.isChecked();
  await cell.click();
  const save = page.getByRole('button', { name: 'Guardar los permisos de Editor de catálogo' });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Permisos del rol Editor de catálogo guardados')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Matriz de permisos' })).toBeVisible();
  const again = page.getByRole('checkbox', { name: 'Editor de catálogo: Marca · update' });
  await expect(again).toBeChecked({ checked: !before });
  // the role kept its permisos of the other modules
  await expect(page.getByRole('checkbox', { name: 'Editor de catálogo: productos · read' })).toBeChecked();
  // put it back as it was
  await again.click();
  await page.getByRole('button', { name: 'Guardar los permisos de Editor de catálogo' }).click();
  await expect(page.getByText('Permisos del rol Editor de catálogo guardados')).toBeVisible();
});
