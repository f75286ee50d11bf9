import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/** Calls the API with the signed-in user's token (to pick products that have no texts yet). */
const api = (page: Page, path: string) =>
  page.evaluate(async (p) => {
    const res = await fetch(p, {
      headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    return res.json();
  }, path);

test('generate texts for two products, review one fully and one partly', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  const q = (v: unknown) => encodeURIComponent(JSON.stringify(v));
  const products = (await api(
    page,
    `/productos?filter=${q({ where: { empresaId: 1, activoEnMarketplace: 'S' }, limit: 200 })}`,
  )) as {
    id: number;
    nombre: string;
  }[];
  const texts = (await api(page, `/TextosGenerados?filter=${q({ fields: { productoId: true } })}`)) as {
    productoId: number;
  }[];
  const used = new Set(texts.map((t) => t.productoId));
  const free = products.filter((p) => !used.has(p.id));
  const [amazon] = (await api(page, `/MarketPlaces?filter=${q({ where: { codigo: 'AMAZON' } })}`)) as {
    id: number;
  }[];
  const { pares } = (await api(
    page,
    `/generacion-textos/prompts?productos=${free.map((p) => p.id).join(',')}&marketplaces=${amazon.id}`,
  )) as {
    pares: { productoId: number }[];
  };
  const ids = [...new Set(pares.map((p) => p.productoId))].slice(-2);
  expect(ids).toHaveLength(2);
  const [full, partial] = ids.map((id) => free.find((p) => p.id === id)!.nombre);

  // generation for the selection, with progress and per-row status
  await page.goto(`/#/generacion-textos?productos=${ids.join(',')}`);
  await page.getByRole('checkbox', { name: 'AMAZON' }).check();
  await page.getByRole('button', { name: 'Generar textos' }).click();
  await expect(page.getByText(/Generación terminada\. 2 de 2/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('generation-result').filter({ hasText: 'Ejecutado' })).toHaveCount(2);

  // review: one product fully…
  await page.goto('/#/revision-textos');
  const search = async (sku: string) => {
    await page.getByLabel('Producto o título').fill(sku);
    await page.getByRole('button', { name: 'Filtrar' }).click();
  };
  await search(full);
  await page.getByRole('button', { name: new RegExp(`Revisar ${full}`) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Aprobar todos' }).click();
  await expect(page.getByText('Se actualizó el estado correctamente.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // …and one partly (one text approved with the keyboard)
  await search(partial);
  await page.getByRole('button', { name: new RegExp(`Revisar ${partial}`) }).click();
  const first = dialog.getByRole('textbox').first();
  await first.click();
  await first.press('Control+Enter');
  await expect(dialog.getByText('Revisado parcial')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // the states in the review list
  await search(full);
  await expect(page.locator('table tbody tr').filter({ hasText: full })).toContainText('Revisado');
  await expect(page.locator('table tbody tr').filter({ hasText: full })).not.toContainText('parcial');
  await search(partial);
  await expect(page.locator('table tbody tr').filter({ hasText: partial })).toContainText('Revisado parcial');

  // …and in the product list's review status column (docs/requirements.md#r4-states)
  for (const [sku, status] of [
    [full, /^Revisado$/],
    [partial, /^Revisado parcial$/],
  ] as const) {
    await page.goto(`/#/productos?filter=${encodeURIComponent(JSON.stringify({ nombre: sku }))}`);
    const row = page.locator('table tbody tr').filter({ hasText: sku });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(status)).toBeVisible();
  }
});
