/**
 * Decimals as people write them: «Precio de fábrica» typed the Spanish way (12,50) is stored as 12.5, shown again
 * as 12,50 after a reload, and reaches the shopping feed as the number 12.5 — in a Chromium whose own language
 * is Spanish and in one whose language is English (the interface language decides, not the browser's).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import chromium from '../support/chromium.json';
import { ADMIN, listRows, signIn } from './support';

const EMPRESA = 1;

async function token(request: APIRequestContext): Promise<string> {
  const login = await request.post('/auth/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

/** A product of this run only, not synchronised with the ERP (so saving shows only the success dialog). */
async function aProduct(request: APIRequestContext, nombre: string): Promise<number> {
  const headers = { Authorization: `Bearer ${await token(request)}` };
  const created = await request.post('/productos', {
    headers,
    data: { empresaId: EMPRESA, nombre, sincronizarConBC: 'N' },
  });
  expect(created.ok()).toBe(true);
  return ((await created.json()) as { id: number }).id;
}

async function feedPrice(request: APIRequestContext, nombre: string): Promise<unknown> {
  const answer = await request.get(`/generarExcelShoppingfeed?empresaId=${EMPRESA}`, {
    headers: { Authorization: `Bearer ${await token(request)}` },
  });
  expect(answer.ok()).toBe(true);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await answer.body()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const skuColumn = header.indexOf('SKU');
  const priceColumn = header.indexOf('Precio');
  let price: unknown = 'no encontrado';
  sheet.eachRow((row, n) => {
    if (n > 1 && row.getCell(skuColumn).value === nombre) price = row.getCell(priceColumn).value;
  });
  return price;
}

async function openCosts(page: Page, nombre: string): Promise<void> {
  await page.goto('/#/productos');
  await page.getByLabel(/^(Buscar|Search)$/).fill(nombre);
  await expect(listRows(page)).toHaveCount(1);
  await listRows(page).first().locator('td.column-nombre').click();
  await page.getByRole('tab', { name: 'Catálogo y costes' }).click();
}

const save = async (page: Page) => {
  await page.getByRole('button', { name: 'Guardar' }).click();
  const success = page.getByRole('dialog', { name: 'Producto actualizado correctamente' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Aceptar' }).click();
  await expect(success).toBeHidden();
};

for (const lang of ['es-ES', 'en-US']) {
  test(`Chromium in ${lang}: 12,50 in «Precio de fábrica» is stored as 12.5, shown as 12,50 and reaches the feed as 12.5`, async ({
    playwright,
    baseURL,
  }) => {
    // the browser's own language is a launch flag: a browser of this test's own.
    const browser = await playwright.chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? chromium.executablePath,
      args: [...chromium.args, `--lang=${lang}`],
    });
    try {
      const context = await browser.newContext({ baseURL, locale: lang });
      const page = await context.newPage();
      expect(await page.evaluate(() => navigator.language)).toBe(lang);
      const nombre = `E2E-NUM-${lang}-${Date.now() % 1000000}`;
      await aProduct(page.request, nombre);
      await signIn(page);
      await expect(page).toHaveURL(/#\/productos/);
      await openCosts(page, nombre);
      const precio = page.getByRole('textbox', { name: 'Precio de fábrica' });
      await expect(precio).toHaveAttribute('inputmode', 'decimal');
      await precio.fill('12,50');

      // a number that cannot be read keeps its text and says why; nothing is saved
      const envio = page.getByRole('textbox', { name: 'Envío' });
      await envio.fill('1.2.3');
      await envio.blur();
      await page.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText(/«1\.2\.3» no es un número/)).toBeVisible();
      await expect(envio).toHaveValue('1.2.3');
      await envio.fill('');
      await save(page);

      await page.reload();
      await page.getByRole('tab', { name: 'Catálogo y costes' }).click();
      await expect(page.getByRole('textbox', { name: 'Precio de fábrica' })).toHaveValue('12,50');
      expect(await feedPrice(page.request, nombre)).toBe(12.5);

      if (lang === 'en-US') {
        // the interface in English shows the English marks
        await context.addCookies([{ name: 'idioma', value: 'en', url: page.url() }]);
        await page.reload();
        await page.getByRole('tab', { name: 'Catálogo y costes' }).click();
        await expect(page.getByRole('textbox', { name: 'Precio de fábrica' })).toHaveValue('12.50');
      }
    } finally {
      await browser.close();
    }
  });
}
