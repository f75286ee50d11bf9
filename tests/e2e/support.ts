import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@demo.pim', password: 'Admin-Demo-2026!' };
export const EDITOR = { email: 'editor@demo.pim', password: 'Editor-Demo-2026!' };

/** Signs in through the login form. */
export async function signIn(page: Page, who = ADMIN): Promise<void> {
  await page.goto('/#/login');
  await page.locator('input[name="username"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('button[type="submit"]').click();
}

/** The rows of the list datagrid currently shown. */
export const listRows = (page: Page) => page.locator('table tbody tr');

export async function expectListLoaded(page: Page, rows: number): Promise<void> {
  await expect(listRows(page)).toHaveCount(rows);
}

/** Creates products of company 1 through the API (rows that name a SKU need the product to exist first). */
export async function createProducts(request: APIRequestContext, names: readonly string[]): Promise<void> {
  const login = await request.post('/auth/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  for (const nombre of names) {
    const created = await request.post('/productos', {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: { empresaId: 1, nombre },
    });
    expect(created.ok(), nombre).toBe(true);
  }
}

/** Opens a product's editor from the list, found through the «Buscar» box. */
export async function openProduct(page: Page, nombre: string): Promise<void> {
  await page.goto('/#/productos');
  await page.getByLabel('Buscar', { exact: true }).fill(nombre);
  await expect(listRows(page)).toHaveCount(1);
  await listRows(page).first().locator('td.column-nombre').click();
  await expect(page.getByRole('tab', { name: 'Atributos' })).toBeVisible();
}

/** «Guardar» in the product editor, and «Aceptar» on the success dialog (a product not synchronised with BC). */
export async function saveProduct(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Guardar' }).click();
  const success = page.getByRole('dialog', { name: 'Producto actualizado correctamente' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Aceptar' }).click();
  await expect(success).toBeHidden();
}
