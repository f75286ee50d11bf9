/**
 * Keyboard first and nothing lost to the clock, in Chromium: a list record opens from the keyboard alone; the
 * warning before the inactivity logout shows in every tab and «Seguir conectado» keeps the session everywhere.
 */
import { expect, test } from '@playwright/test';
import { listRows, signIn } from './support';

test('a product opens from the list with the keyboard alone (Tab to the row, Enter)', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos$/);
  await expect(listRows(page).first()).toBeVisible();
  const first = listRows(page).first();
  // Tab from the row's own checkbox lands on the next focusable element; the row itself is in the tab order
  await first.locator('input[type="checkbox"]').focus();
  await page.keyboard.press('Shift+Tab');
  await expect(first).toBeFocused();
  const id = await first.evaluate((row) => row.querySelector('td.column-id')?.textContent?.trim() ?? null);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(id ? new RegExp(`#/productos/${id}$`) : /#\/productos\/[^/]+$/);
});

test('the idle warning shows in every tab; «Seguir conectado» keeps the session in all of them', async ({
  context,
  page,
}) => {
  await signIn(page);
  await expect(listRows(page).first()).toBeVisible();
  // 12 s of inactivity allowed: the warning comes 6 s before the end (at most half the time-out)
  await page.evaluate(() => localStorage.setItem('tiempoDeEsperaInactividad', '0.2'));
  await page.reload();
  await expect(listRows(page).first()).toBeVisible();
  const other = await context.newPage();
  await other.goto('/#/Marca');
  await expect(listRows(other).first()).toBeVisible();

  const warningIn = (tab: typeof page) => tab.getByRole('alertdialog');
  await expect(warningIn(page)).toBeVisible({ timeout: 15_000 });
  await expect(warningIn(other)).toBeVisible();
  await expect(warningIn(other)).toContainText(/La sesión se cerrará por inactividad en \d+ segundos?\./);

  await warningIn(other).getByRole('button', { name: 'Seguir conectado' }).click();
  await expect(warningIn(other)).toHaveCount(0);
  await expect(warningIn(page)).toHaveCount(0);
  // past the moment the session would have closed: both tabs still signed in
  await page.waitForTimeout(7_000);
  await expect(page).toHaveURL(/#\/productos/);
  await expect(other).toHaveURL(/#\/Marca/);
  await expect(page.getByText('Sesión cerrada por inactividad')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
});
