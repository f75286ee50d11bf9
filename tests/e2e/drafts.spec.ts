/**
 * Nothing lost to the clock (issue 16): an edit left unsaved in the product editor survives the inactivity
 * logout; signing in again brings the person back to the same product, with the draft offered for restore —
 * on the login page the logout reached, and on the same page loaded again (the login screen shown before the
 * app loads: src/login/startSignedOut.tsx).
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, listRows, signIn } from './support';

/** Types into a product's title and waits, hands off, for the inactivity logout. */
const leaveAnEditToTheClock = async (page: Page) => {
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
  return { titulo, productUrl, stored, typed };
};

const signInHere = async (page: Page) => {
  await page.locator('input[name="username"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('button[type="submit"]').click();
};

const expectDraftOffered = async (page: Page, edit: Awaited<ReturnType<typeof leaveAnEditToTheClock>>) => {
  await expect(page).toHaveURL(edit.productUrl);
  const offer = page.getByRole('region', { name: 'Borrador sin guardar' });
  await expect(offer).toContainText('Hay cambios sin guardar de este registro');
  await expect(edit.titulo).toHaveValue(edit.stored);
  await offer.getByRole('button', { name: 'Restaurar borrador' }).click();
  await expect(edit.titulo).toHaveValue(edit.typed);
  await expect(offer).toHaveCount(0);
};

test('a draft survives the inactivity logout and is restored on the same product after signing in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const edit = await leaveAnEditToTheClock(page);
  // signing in on the login page reached by the logout returns to the product
  await signInHere(page);
  await expectDraftOffered(page, edit);
});

test('after the inactivity logout the login page loaded again still returns to the product and its draft', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const edit = await leaveAnEditToTheClock(page);
  // e.g. the person comes back later and the browser loads the page again
  await page.reload();
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
  await signInHere(page);
  await expectDraftOffered(page, edit);
});
