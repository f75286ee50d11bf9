/**
 * Nothing lost to the clock (issue 16): an edit left unsaved in the product editor survives the inactivity
 * logout; signing in again brings the person back to the same product, with the draft offered for restore.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, listRows, signIn } from './support';

test('a draft survives the inactivity logout and is restored on the same product after signing in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await expect(listRows(page).first()).toBeVisible();
  // 12 s of inactivity allowed (read at start-up)
  await page.evaluate(() => localStorage.setItem('tiempoDeEsperaInactividad', '0.2'));
  await page.reload();
  await listRows(page).first().locator('td.column-nombre').click();
  const titulo = page.getByRole('textbox', { name: 'Título', exact: true });
  await expect(titulo).toBeVisible();
  await expect(page).toHaveURL(/#\/productos\/\d+$/);
  const productUrl = page.url();
  const stored = await titulo.inputValue();
  const typed = `Título a medio escribir ${Date.now() % 100000}`;
  await titulo.fill(typed);

  // hands off: the warning, then the logout
  await expect(page).toHaveURL(/#\/login/, { timeout: 40_000 });
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();

  // signing in on the login page reached by the logout returns to the product
  await page.locator('input[name="username"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(productUrl);
  const offer = page.getByRole('region', { name: 'Borrador sin guardar' });
  await expect(offer).toContainText('Hay cambios sin guardar de este registro');
  await expect(titulo).toHaveValue(stored);
  await offer.getByRole('button', { name: 'Restaurar borrador' }).click();
  await expect(titulo).toHaveValue(typed);
  await expect(offer).toHaveCount(0);
});
