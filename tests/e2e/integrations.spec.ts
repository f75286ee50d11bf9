/**
 * Integrations end to end: a manual ERP sync of one product (GET /sincronizaProductosManual) shows up in the
 * synchronisation log (date and error filters), the log exports as the fixed-column CSV, a product without a
 * volume gets the 'volumen NO' warning and is not sent, and the shopping feed downloads as an .xlsx with a row per
 * product. The simulated Business Central answers every call of this run (no failures configured).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, listRows, signIn } from './support';

const EMPRESA = 1;
const BOM = '\uFEFF';
const LOG_HEADER = 'nombre;fechaSincronizacionConBC;fechaEjecucionDeProcesoSincroBC;motivoErrorSincroConBC';
const NO_ROWS = 'No hay registros de sincronización con estos filtros';

/**
 * A new product of company 1 marked for the ERP sync (sincronizarConBC S), with a general record whose
 * dimensiones give it a volume (or none), created through the API under a name no other spec uses.
 */
async function aProduct(
  request: APIRequestContext,
  { volume = true }: { volume?: boolean } = {},
): Promise<{ id: number; nombre: string }> {
  const login = await request.post('/auth/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  const nombre = `E2E-INT-${volume ? 'VOL' : 'SINVOL'}-${Date.now()}`;
  const created = await request.post('/productos', {
    headers,
    data: { empresaId: EMPRESA, nombre, sincronizarConBC: 'S' },
  });
  expect(created.ok()).toBe(true);
  const product = (await created.json()) as { id: number; nombre: string };
  const general = await request.post('/producto-generals', {
    headers,
    data: { productoId: product.id, titulo: nombre, ...(volume ? { dimensiones: '40 x 30 x 20 cm' } : {}) },
  });
  expect(general.ok()).toBe(true);
  return product;
}

/** Today in the browser's calendar (what the date input means). */
const browserToday = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });

const chooseErrors = async (page: Page, option: 'Todos' | 'Con error' | 'Sin error') => {
  await page.getByRole('combobox', { name: /Errores/ }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** The one-product picker: type the name (SKU), take the matching suggestion with the keyboard. */
const pickProduct = async (page: Page, nombre: string) => {
  const input = page.getByRole('combobox', { name: 'Producto' });
  await input.fill(nombre);
  await expect(page.getByRole('option', { name: nombre, exact: true })).toBeVisible();
  await input.press('Enter');
  await expect(input).toHaveValue(nombre);
  await expect(page.getByRole('button', { name: 'Sincronizar producto', exact: true })).toBeEnabled();
};

/** The log's data rows: the empty-state row has a single cell. */
const logCells = (page: Page, column: number) => listRows(page).locator(`td:nth-child(${column})`);

test('a manual sync of one product appears in the log, which filters by date and errors and exports CSV', async ({
  page,
  request,
}) => {
  const product = await aProduct(request);
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);

  // ---- ERP sync page: one product, by id ----
  await page.goto('/#/sincronizacion-erp');
  await pickProduct(page, product.nombre);
  await page.getByRole('button', { name: 'Sincronizar producto', exact: true }).click();
  const summary = page.getByRole('status').filter({ hasText: /Sincronización completada/ });
  await expect(summary).toContainText(/Sincronización completada: (\d+) de \1 registros sincronizados/);
  await expect(page.getByRole('button', { name: 'Sincronizar producto', exact: true })).toBeEnabled();

  // ---- the log: today's run of that product, without error ----
  await page.goto('/#/registro-sincronizacion');
  await expect(page.getByRole('columnheader', { name: 'Nombre (SKU)' })).toBeVisible();
  const today = await browserToday(page);
  await page.getByLabel('Fecha de ejecución').fill(today);
  await page.getByLabel('SKU contiene').fill(product.nombre);
  const row = listRows(page).filter({ hasText: product.nombre });
  await expect(row).toHaveCount(1);
  // executed today (shown in the browser's locale), no error reason
  const shownDay = await page.evaluate(
    (iso) => new Date(`${iso}T12:00:00`).toLocaleDateString('es-ES'),
    today,
  );
  await expect(row.locator('td').nth(2)).toContainText(shownDay);
  await expect(row.locator('td').nth(3)).toHaveText('—');

  await chooseErrors(page, 'Sin error');
  await expect(row).toHaveCount(1);
  await chooseErrors(page, 'Con error');
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toHaveText(NO_ROWS);

  // a day with no run of this product
  await chooseErrors(page, 'Todos');
  await page.getByLabel('Fecha de ejecución').fill('2001-01-01');
  await expect(listRows(page).first()).toHaveText(NO_ROWS);

  // the error filter alone: the seeded failures, every row with its reason
  await page.getByLabel('Fecha de ejecución').fill('');
  await page.getByLabel('SKU contiene').fill('');
  await chooseErrors(page, 'Con error');
  await expect(logCells(page, 4).first()).toBeVisible();
  const reasons = await logCells(page, 4).allTextContents();
  expect(reasons.length).toBeGreaterThan(0);
  for (const reason of reasons) expect(reason.trim()).not.toMatch(/^(—|)$/);
  await chooseErrors(page, 'Sin error');
  await expect(logCells(page, 4).first()).toBeVisible();
  for (const reason of await logCells(page, 4).allTextContents()) expect(reason).toBe('—');

  // ---- CSV export of today's log of that product ----
  await chooseErrors(page, 'Todos');
  await page.getByLabel('Fecha de ejecución').fill(today);
  await page.getByLabel('SKU contiene').fill(product.nombre);
  await expect(row).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('log_productos_PIM.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.split(/\r?\n/);
  expect(lines[0]).toBe(BOM + LOG_HEADER);
  const productLine = lines.find((line) => line.startsWith(`${product.nombre};`));
  expect(productLine).toBeDefined();
  // nombre; sync date; run date; empty reason
  expect(productLine!.split(';')).toHaveLength(4);
  expect(productLine!.split(';')[3]).toBe('');
  expect(productLine!.split(';')[2]).not.toBe('');
});

test("a product without a volume gets the 'volumen NO' warning and is not sent", async ({
  page,
  request,
}) => {
  const product = await aProduct(request, { volume: false });
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  await page.goto('/#/sincronizacion-erp');
  await pickProduct(page, product.nombre);
  await page.getByRole('button', { name: 'Sincronizar producto', exact: true }).click();
  const warning = page.getByRole('status').filter({ hasText: 'Volumen de producto' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('volumen');
  await expect(page.getByRole('status').filter({ hasText: /Sincronización completada/ })).toHaveCount(0);
});

test('the shopping feed downloads as an .xlsx with a row per product of the company', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  await page.goto('/#/shopping-feed');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 45_000 }),
    page.getByRole('button', { name: 'Descargar shopping feed' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  await expect(page.getByText(`Descargado ${download.suggestedFilename()}`)).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.worksheets[0];
  expect(sheet).toBeDefined();
  // header + at least 300 product rows (the seeded catalogue of company 1)
  expect(sheet.actualRowCount - 1).toBeGreaterThanOrEqual(300);
  expect(sheet.getRow(1).getCell(1).value).toBe('SKU');
  // every data row names its product
  const skus = new Set<string>();
  sheet.eachRow((r, n) => {
    if (n > 1) skus.add(String(r.getCell(1).value ?? ''));
  });
  expect(skus.has('')).toBe(false);
});
