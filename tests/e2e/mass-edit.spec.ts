/**
 * Mass edit (issue 16): 200 products found by the list's filter get a flag set through «Edición masiva», run on
 * the API as a job; the dialog follows it and shows the report; the list shows the new values.
 */
import { expect, test } from '@playwright/test';
import { createProducts, listRows, signIn } from './support';

const PREFIX = `E2E-ME-${Date.now() % 100000}-`;

test('mass-edit 200 products by filter and see the report', async ({ page, request }) => {
  test.setTimeout(180_000);
  await createProducts(
    request,
    Array.from({ length: 200 }, (_, i) => `${PREFIX}${String(i).padStart(3, '0')}`),
  );
  await signIn(page);
  await expect(listRows(page).first()).toBeVisible();
  await page.getByLabel('Buscar', { exact: true }).fill(PREFIX);
  await expect(page.locator('.MuiTablePagination-displayedRows')).toHaveText(/de 200$/);

  await page.getByRole('button', { name: 'Edición masiva' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edición masiva de productos' });
  await expect(dialog.getByLabel('Todos los que coinciden con el filtro (200 productos)')).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Campo' }).click();
  await page.getByRole('option', { name: 'Enviar a AECOC', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Valor' }).click();
  await page.getByRole('option', { name: 'S', exact: true }).click();
  await dialog.getByRole('button', { name: 'Aplicar a 200 productos' }).click();
  await expect(
    dialog.getByText('Edición masiva terminada: 200 cambiados · 0 sin cambios · 0 rechazados.'),
  ).toBeVisible({
    timeout: 120_000,
  });
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();

  // the API holds the new value for all 200
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const where = encodeURIComponent(JSON.stringify({ nombre: { like: `${PREFIX}%` }, enviarAecoc: 'S' }));
  const counted = await request.get(`/productos/count?where=${where}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(((await counted.json()) as { count: number }).count).toBe(200);
});
