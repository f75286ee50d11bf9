/**
 * The product's «Historial» and its readiness, in Chromium against the reference API:
 * - a price changed in «Catálogo y costes» shows in «Historial» as old → new, and «Volver al valor anterior»
 *   puts the old price back (a new version, origin «Restauración»);
 * - the readiness panel lists what a marketplace still needs (GTIN, description); following its «Corregir»
 *   link, filling both and saving makes the product «Preparado» for that marketplace, in the panel and in the
 *   product list's «Preparado» column.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { withCheckDigit } from '../../src/core/gtin';
import { ADMIN, listRows, openProduct, saveProduct, signIn } from './support';

const EMPRESA = 1;
const RUN = Date.now() % 1000000;

async function api(request: APIRequestContext) {
  const login = await request.post('/auth/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  return {
    async post(path: string, data: object): Promise<Record<string, unknown>> {
      const answer = await request.post(path, { headers, data });
      expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
      return (await answer.json()) as Record<string, unknown>;
    },
    async get(path: string): Promise<unknown> {
      const answer = await request.get(path, { headers });
      expect(answer.ok(), path).toBe(true);
      return answer.json();
    },
  };
}

test('change a price, open «Historial», restore the old price', async ({ page }) => {
  const client = await api(page.request);
  const nombre = `E2E-HIS-${RUN}`;
  const product = await client.post('/productos', { empresaId: EMPRESA, nombre, sincronizarConBC: 'N' });
  await client.post('/producto-datos-catalogo', { productoId: product.id, precioFabrica: 10 });

  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  await openProduct(page, nombre);
  await page.getByRole('tab', { name: 'Catálogo y costes' }).click();
  const precio = page.getByRole('textbox', { name: 'Precio de fábrica' });
  await expect(precio).toHaveValue(/^10(,00)?$/);
  await precio.fill('25');
  await saveProduct(page);

  await page.getByRole('tab', { name: 'Historial' }).click();
  const changes = page.getByRole('table', { name: 'Cambios de la versión' });
  const row = changes.getByRole('row').filter({ hasText: 'Precio de fábrica' });
  await expect(row).toContainText('10');
  await expect(row).toContainText('25');
  await row.getByRole('button', { name: /^Volver al valor anterior: .*Precio de fábrica$/ }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Precio de fábrica» al valor que tenía antes de esta versión?');
  await confirm.getByRole('button', { name: 'Restaurar esta versión' }).click();
  await expect(page.locator('.MuiSnackbar-root').getByText('Versión restaurada')).toBeVisible();

  // the restore is the newest version, and the form shows the old price again
  const versions = page.getByRole('list', { name: 'Versiones' });
  await expect(versions.getByRole('button').first()).toContainText('Restauración');
  await page.getByRole('tab', { name: 'Catálogo y costes' }).click();
  await expect(page.getByRole('textbox', { name: 'Precio de fábrica' })).toHaveValue(/^10(,00)?$/);
  const stored = (await client.get(
    `/producto-datos-catalogo?filter=${encodeURIComponent(JSON.stringify({ where: { productoId: product.id } }))}`,
  )) as { precioFabrica: number }[];
  expect(stored.map((r) => Number(r.precioFabrica))).toEqual([10]);
});

test('fix what the readiness panel lists: the product becomes «Preparado» in the list', async ({ page }) => {
  const client = await api(page.request);
  const codigo = `E2E-MKT-${RUN}`;
  const marketplace = await client.post('/MarketPlaces', { codigo, descripcion: 'Marketplace de pruebas' });
  await client.post('/reglas-preparacion', { marketplaceId: marketplace.id, tipo: 'gtin' });
  await client.post('/reglas-preparacion', {
    marketplaceId: marketplace.id,
    tipo: 'campo',
    campo: 'descripcion',
  });
  const nombre = `E2E-RDY-${RUN}`;
  const product = await client.post('/productos', { empresaId: EMPRESA, nombre, sincronizarConBC: 'N' });
  await client.post('/producto-generals', { productoId: product.id, titulo: 'Taladro de pruebas' });

  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  await openProduct(page, nombre);
  const panel = page.getByRole('region', { name: 'Preparación para marketplaces' });
  const entry = panel.getByRole('region', { name: `Preparación para ${codigo}` });
  await expect(entry.getByTestId('readiness-score')).toHaveText('0 %');
  const missing = entry.getByRole('list', { name: `Falta para ${codigo}` }).getByRole('listitem');
  await expect(missing).toHaveText(['Falta el código EAN (GTIN).Corregir', 'Falta «Descripción».Corregir']);

  // «Corregir» opens the tab where it is fixed
  await page.getByRole('tab', { name: 'Catálogo y costes' }).click();
  await missing.first().getByRole('link', { name: 'Corregir' }).click();
  await expect(page.getByRole('tab', { name: 'Datos generales', selected: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'EAN', exact: true }).fill(withCheckDigit('841234500001'));
  await page.getByRole('textbox', { name: 'Descripción', exact: true }).fill('Taladro percutor de 750 W');
  await saveProduct(page);
  await expect(entry.getByTestId('readiness-score')).toHaveText('Preparado · 100 %');
  await expect(entry.getByRole('list')).toHaveCount(0);

  // the list: «Preparado» for the marketplace in its column
  await page.goto('/#/productos');
  await page.getByLabel('Buscar', { exact: true }).fill(nombre);
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first().getByTestId('readiness')).toContainText(`${codigo}: Preparado`);
});
