import { expect, test } from '@playwright/test';
import { expectListLoaded, listRows, signIn } from './support';

test('the product list shows 10 seeded rows and the pager', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  await expectListLoaded(page, 10);
  // pager: "1-10 de N" with N the seeded product count of company 1
  const pager = page.locator('.MuiTablePagination-displayedRows');
  await expect(pager).toHaveText(/^1-10 de \d{3,}$/);
  const total = Number((await pager.textContent())!.match(/de (\d+)/)![1]);
  expect(total).toBeGreaterThanOrEqual(300);
  // sorted by nombre ASC
  const names = await listRows(page).locator('td.column-nombre').allTextContents();
  expect(names).toHaveLength(10);
  expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
  // next page
  await page.getByRole('button', { name: /siguiente|next/i }).click();
  await expect(pager).toHaveText(/^11-20 de \d+$/);
});

test('editing a brand persists across a reload', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  await page.goto('/#/Marca');
  await expect(listRows(page).first()).toBeVisible();
  await listRows(page).first().locator('td.column-nombre').click();
  await expect(page).toHaveURL(/#\/Marca\/\d+/);
  const nombre = page.locator('input[name="nombre"]');
  // The form resets when its record arrives: type only once the stored value is shown.
  await expect(nombre).not.toHaveValue('');
  const newName = `Marca editada ${Date.now() % 100000}`;
  await nombre.fill(newName);
  const save = page.getByRole('button', { name: /guardar/i });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText(/Marca actualizada/)).toBeVisible();
  await page.reload();
  await page.goto('/#/Marca');
  await page.locator('input[name="nombre"]').first().fill(newName);
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toContainText(newName);
});
