/**
 * Catalogue product assignment, as a person does it: pick a fresh catalogue, move 25 products in and 5 out,
 * read the messages and the counts, reload and find the same state.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, signIn } from './support';

const countOf = async (panel: Locator, membership: 'disponibles' | 'incluidos'): Promise<number> => {
  const text = (await panel.getByTestId(`total-${membership}`).textContent()) ?? '';
  const match = /^(\d+) productos$/.exec(text.trim());
  if (!match) throw new Error(`no count in "${text}"`);
  return Number(match[1]);
};

const skus = (panel: Locator) => panel.locator('tbody tr td.column-nombre p').allTextContents();

/** A catalogue of company 1 with a unique code, created through the API. */
async function createCatalogue(page: Page, codigo: string): Promise<number> {
  const login = await page.request.post('/auth/login', {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const created = await page.request.post('/catalogos', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { empresaId: 1, codigo, nombre: `Catálogo E2E ${codigo}`, anyo: 2026, activoSN: 'S' },
  });
  expect(created.ok()).toBe(true);
  return Number(((await created.json()) as { Id: number }).Id);
}

test('move 25 products in and 5 out; the state survives a reload', async ({ page }) => {
  const codigo = `E2E-CP-${Date.now() % 1000000}`;
  const catalogoId = await createCatalogue(page, codigo);

  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  await page.goto('/#/catalogo-productos');
  await expect(page.getByText(/Elija un catálogo/)).toBeVisible();

  // pick the catalogue by typing its code
  const picker = page.getByRole('combobox', { name: 'Catálogo', exact: true });
  await picker.fill(codigo);
  await page.getByRole('option', { name: new RegExp(codigo) }).click();
  await expect(page).toHaveURL(new RegExp(`#/catalogo-productos/${catalogoId}$`));
  await expect(page.getByLabel('Datos del catálogo')).toContainText(codigo);

  const available = page.getByRole('region', { name: 'Productos disponibles' });
  const included = page.getByRole('region', { name: 'Productos en el catálogo' });
  await expect(included.getByTestId('total-incluidos')).toHaveText('0 productos');
  await expect(available.locator('tbody tr')).toHaveCount(10);
  const before = await countOf(available, 'disponibles');
  expect(before).toBeGreaterThan(25);

  // 25 per page, select the whole page, add it
  await available.getByRole('combobox', { name: /Filas por página/ }).click();
  await page.getByRole('option', { name: '25', exact: true }).click();
  await expect(available.locator('tbody tr')).toHaveCount(25);
  const moved = await skus(available);
  await available.locator('thead').getByRole('checkbox').check();
  await available.getByRole('button', { name: 'Añadir al catálogo (25)' }).click();
  await expect(page.getByText('Productos agregados exitosamente')).toBeVisible();
  await expect(included.getByTestId('total-incluidos')).toHaveText('25 productos');
  await expect(available.getByTestId('total-disponibles')).toHaveText(`${before - 25} productos`);
  // the selection is cleared and the lists exclude each other
  await expect(available.locator('tbody input[type="checkbox"]:checked')).toHaveCount(0);
  await expect(included.locator('tbody tr')).toHaveCount(10);
  const inside = await skus(included);
  expect(inside.every((sku) => moved.includes(sku))).toBe(true);
  const outside = await skus(available);
  expect(outside.some((sku) => inside.includes(sku))).toBe(false);

  // take the first 5 out, after confirming
  const rows = included.locator('tbody tr');
  const removed: string[] = [];
  for (let i = 0; i < 5; i++) {
    await rows.nth(i).getByRole('checkbox').check();
    removed.push((await rows.nth(i).locator('td.column-nombre p').textContent()) ?? '');
  }
  await included.getByRole('button', { name: 'Quitar del catálogo (5)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('¿Quitar 5 productos del catálogo');
  await dialog.getByRole('button', { name: 'Quitar' }).click();
  await expect(page.getByText('5 productos eliminados exitosamente')).toBeVisible();
  await expect(included.getByTestId('total-incluidos')).toHaveText('20 productos');
  await expect(available.getByTestId('total-disponibles')).toHaveText(`${before - 20} productos`);
  const remaining = await skus(included);
  expect(remaining.some((sku) => removed.includes(sku))).toBe(false);

  // reload: the same catalogue, the same counts and rows
  await page.reload();
  await expect(page.getByLabel('Datos del catálogo')).toContainText(codigo);
  await expect(included.getByTestId('total-incluidos')).toHaveText('20 productos');
  await expect(available.getByTestId('total-disponibles')).toHaveText(`${before - 20} productos`);
  await expect(included.locator('tbody tr')).toHaveCount(10);
  expect(await skus(included)).toEqual(remaining);
});
