/**
 * CSV import and export as a person does it: export the brands from their list, edit the file, import it again
 * and read the report; import a 50-row file with 3 bad rows, download the rejected rows, fix them and import
 * that file too.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createProducts, listRows, signIn } from './support';

const BOM = '\uFEFF';
const stamp = `${Date.now() % 1_000_000}`;

async function importFile(page: Page, name: string, text: string): Promise<void> {
  await page.goto('/#/importar-csv');
  await page
    .getByTestId('import-file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  await expect(page.getByTestId('file-summary')).toContainText(name);
  await expect(page.getByTestId('prepared-summary')).toBeVisible({ timeout: 30_000 });
}

async function runAndWaitForReport(page: Page, rows: number) {
  await page.getByRole('button', { name: `Importar ${rows.toLocaleString('es-ES')} filas` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Importar' }).click();
  const report = page.getByTestId('import-report');
  await expect(report).toBeVisible({ timeout: 45_000 });
  return report;
}

test('export the brands, edit the file, import it again and see the report', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  await page.goto('/#/Marca');
  await expect(listRows(page).first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('marca_PIM.csv');
  const exported = await readFile((await download.path())!, 'utf8');
  expect(exported.startsWith(BOM)).toBe(true);
  const lines = exported.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('id;empresaId;nombre;codigo');
  const brands = lines.length - 1;
  expect(brands).toBeGreaterThan(1);

  // rename the first brand, add a new one
  const first = lines[1].split(';');
  const renamed = `Marca editada E2E ${stamp}`;
  lines[1] = [first[0], first[1], renamed, first[3]].join(';');
  const added = `Marca nueva E2E ${stamp}`;
  lines.push(`;;${added};E2E${stamp}`);
  await importFile(page, 'marca_PIM.csv', `${BOM}${lines.join('\r\n')}\r\n`);
  await expect(page.getByTestId('import-table')).toHaveValue('marca');
  await expect(page.getByTestId('prepared-summary')).toContainText(`${brands + 1} filas correctas`);

  // Lookups go by key (one GET ?filter={"where":…} per batch), never by listing the whole table.
  const lookups: string[] = [];
  page.on('request', (request) => {
    const url = decodeURIComponent(request.url());
    if (request.method() === 'GET' && url.includes('/Marca?filter=')) lookups.push(url);
  });
  const report = await runAndWaitForReport(page, brands + 1);
  expect(lookups.length).toBeGreaterThan(0);
  expect(lookups.every((url) => url.includes('"where"') && !url.includes('"limit":1000000'))).toBe(true);
  await expect(report.getByTestId('count-created')).toHaveText('Creadas: 1');
  await expect(report.getByTestId('count-updated')).toHaveText('Actualizadas: 1');
  await expect(report.getByTestId('count-unchanged')).toHaveText(`Sin cambios: ${brands - 1}`);
  await expect(report.getByTestId('count-rejected')).toHaveText('Rechazadas: 0');

  await page.goto('/#/Marca');
  await page.locator('input[name="nombre"]').first().fill(`E2E ${stamp}`);
  await expect(listRows(page)).toHaveCount(2);
  await expect(page.getByText(renamed)).toBeVisible();
  await expect(page.getByText(added)).toBeVisible();
});

test('a 50-row file with 3 bad rows: 47 imported, the rejected rows download, fixed and imported', async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  const principal = `E2E-${stamp}`;
  const header = 'skuPrincipal;skuSustituto;descripcion;fechaInicio;fechaFin;intercambiable';
  // the substitutes are products of the company
  await createProducts(
    page.request,
    Array.from({ length: 50 }, (_, i) => `${principal}-S${i + 1}`),
  );
  const rows = Array.from(
    { length: 50 },
    (_, i) => `${principal};${principal}-S${i + 1};Sustituto ${i + 1};01/02/2026;2026-12-31;si`,
  );
  rows[9] = `${principal};${principal}-S10;Fecha mala;mañana;2026-12-31;si`;
  rows[19] = `${principal};${principal}-S20;Valor malo;01/02/2026;2026-12-31;quizá`;
  rows[29] = `${principal};${principal}-S30;Columna de más;01/02/2026;2026-12-31;si;sobra`;
  await importFile(page, 'sustitutos_PIM.csv', `${header}\n${rows.join('\n')}\n`);
  await expect(page.getByTestId('import-table')).toHaveValue('sustitutos');
  await expect(page.getByTestId('prepared-summary')).toContainText(
    '47 filas correctas · 3 filas con problemas',
  );
  const problems = page.getByRole('table', { name: 'Problemas encontrados' });
  await expect(problems.getByRole('row')).toHaveCount(4);
  await expect(problems).toContainText('«mañana» no es una fecha');

  // the button counts only the rows that will be written
  const report = await runAndWaitForReport(page, 47);
  await expect(report.getByTestId('count-created')).toHaveText('Creadas: 47');
  await expect(report.getByTestId('count-rejected')).toHaveText('Rechazadas: 3');
  await expect(report.getByRole('table', { name: 'Filas no importadas' }).getByRole('row')).toHaveCount(4);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    report.getByRole('button', { name: 'Descargar filas rechazadas (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('sustitutos_PIM_rechazadas.csv');
  const rejected = await readFile((await download.path())!, 'utf8');
  expect(rejected.startsWith(BOM)).toBe(true);
  const lines = rejected.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe(`${header};Línea;Columna;Motivo`);
  expect(lines).toHaveLength(4);
  expect(lines[1]).toContain(';mañana;');
  expect(lines[1]).toContain(";11;fechaInicio;El campo 'fechaInicio' no es correcto");
  expect(lines[2]).toContain(";21;intercambiable;El campo 'intercambiable' no es correcto");
  expect(lines[3]).toContain(';31;;La fila tiene 7 columnas y la cabecera 6: sobran valores');

  // fix the three rows in the downloaded file and import it: the explanation columns are ignored
  const fixed = lines
    .map((line) =>
      line.replace(';mañana;', ';01/02/2026;').replace(';quizá;', ';si;').replace('"si;sobra"', 'si'),
    )
    .join('\r\n');
  await importFile(page, download.suggestedFilename(), `${BOM}${fixed}\r\n`);
  await expect(page.getByTestId('import-table')).toHaveValue('sustitutos');
  await expect(page.getByTestId('prepared-summary')).toContainText(
    '3 filas correctas · 0 filas con problemas',
  );
  const second = await runAndWaitForReport(page, 3);
  await expect(second.getByTestId('count-created')).toHaveText('Creadas: 3');
  await expect(second.getByTestId('count-rejected')).toHaveText('Rechazadas: 0');
});

test('the product list exports every product of the company, page by page, as productos_PIM.csv', async ({
  page,
}) => {
  const pages: number[] = [];
  page.on('request', (request) => {
    const url = decodeURIComponent(request.url());
    const match = /\/productos\?filter=(\{.*\})$/.exec(url);
    if (!match) return;
    const filter = JSON.parse(match[1]) as { limit?: number };
    if (filter.limit) pages.push(filter.limit);
  });
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  await expect(listRows(page).first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('productos_PIM.csv');
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith(BOM)).toBe(true);
  const lines = text.slice(1).trimEnd().split('\r\n');
  expect(lines[0].split(';')).toContain('nombre');
  // the seeded catalogue of company 1: far more than one list page, all of it, in pages of 5,000 (no 20,000 cap)
  expect(lines.length - 1).toBeGreaterThanOrEqual(300);
  expect(pages).toContain(5000);
  expect(pages).not.toContain(20000);
  await expect(page.getByText(/productos_PIM\.csv: .* filas exportadas/)).toBeVisible();
});
