import { expect, test, type Page } from '@playwright/test';
import { createProducts, listRows, signIn } from './support';

/** Unique per run: other specs share the server and its data. */
const run = `${Date.now() % 1000000}`;

const open = async (page: Page, path: string) => {
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  await page.goto(`/#${path}`);
};

/** Picks an option of a react-admin/MUI autocomplete by typing part of it. */
const pick = async (page: Page, label: RegExp, text: string, option?: RegExp) => {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(text);
  await page
    .getByRole('option', { name: option ?? new RegExp(text) })
    .first()
    .click();
};

test('categories: a two-level tree rooted at master; create, rename, move and see products', async ({
  page,
}) => {
  await open(page, '/categorias');
  const tree = page.getByRole('list', { name: 'Árbol de categorías' });
  await expect(tree.getByText('master · raíz del catálogo')).toBeVisible();
  // a seeded subcategory shows its products (GET /productos/por-categoria/subcategoria/{nombre})
  const firstSub = tree.getByRole('list').first().getByRole('listitem').first();
  const subName = (await firstSub.locator('.MuiListItemText-primary').textContent())!.trim();
  await page.getByRole('button', { name: `Ver productos de ${subName}`, exact: true }).click();
  const products = page.getByRole('dialog');
  await expect(products.getByText(/\d+ productos?/)).toBeVisible();
  await products.getByRole('button', { name: 'Cerrar' }).click();

  // new top-level category, then a subcategory under it
  const top = `E2E Cat ${run}`;
  await page.getByRole('button', { name: 'Nueva categoría principal' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Código' }).fill(`E2E-${run}`);
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(top);
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Categoría creada')).toBeVisible();
  await page.getByRole('button', { name: `Añadir subcategoría a ${top}` }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Código' }).fill(`E2E-${run}-A`);
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(`Sub ${run}`);
  await dialog.getByRole('button', { name: 'Crear' }).click();
  const children = page.getByRole('list', { name: `Subcategorías de ${top}` });
  await expect(children.getByText(`Sub ${run}`)).toBeVisible();

  // the same code again is refused on the field
  await page.getByRole('button', { name: `Añadir subcategoría a ${top}` }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Código' }).fill(`E2E-${run}-A`);
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Repetida');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(dialog.getByText('Ya existe una categoría con este código.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // rename, then move it back under master's first seeded category
  await page.getByRole('button', { name: `Renombrar Sub ${run}` }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(`Sub ${run} renombrada`);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(children.getByText(`Sub ${run} renombrada`)).toBeVisible();
  await page.getByRole('button', { name: `Mover Sub ${run} renombrada` }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: /Categoría padre/ }).click();
  await page.getByRole('option', { name: /master/ }).click();
  await dialog.getByRole('button', { name: 'Mover' }).click();
  await expect(page.getByText('Categoría actualizada')).toBeVisible();
  await expect(page.getByRole('list', { name: `Subcategorías de ${top}` })).toHaveCount(1);
  await expect(page.getByRole('list', { name: `Subcategorías de ${top}` }).getByRole('listitem')).toHaveCount(
    0,
  );
  await expect(tree.getByText(`Sub ${run} renombrada`)).toBeVisible();
  // after a reload the tree is read from the API again
  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Árbol de categorías' }).getByText(`Sub ${run} renombrada`),
  ).toBeVisible();
});

test('substitutes: create with dd/mm/yyyy dates, find it, delete it', async ({ page }) => {
  const sku = `SUS-${run}`;
  // the substitute is a product of the company
  await createProducts(page.request, [sku]);
  await open(page, '/Sustitutos/create');
  await pick(page, /SKU principal/, 'SI-', /^SI-/);
  await page.locator('input[name="skuSustituto"]').fill(sku);
  await page.locator('input[name="descripcion"]').fill('Sustituto de prueba E2E');
  // an impossible date is refused on the field, and kept as typed
  await page.locator('input[name="fechaInicio"]').fill('31/02/2026');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Fecha no válida: use dd/mm/aaaa (también aaaa-mm-dd).')).toBeVisible();
  await expect(page.locator('input[name="fechaInicio"]')).toHaveValue('31/02/2026');
  await page.locator('input[name="fechaInicio"]').fill('15/03/2026');
  await page.locator('input[name="fechaFin"]').fill('30/06/2026');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Sustituto creado')).toBeVisible();
  await expect(page).toHaveURL(/#\/Sustitutos(\?|$)/);
  // filter once the list has loaded (a filter typed earlier is reset when the list mounts)
  await expect(listRows(page).first()).toBeVisible();
  await page.locator('input[name="skuSustituto"]').fill(sku);
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toContainText('15/03/2026');
  await expect(listRows(page).first()).toContainText('30/06/2026');
  await listRows(page).first().locator('td.column-skuSustituto').click();
  await expect(page.locator('input[name="fechaInicio"]')).toHaveValue('15/03/2026');
  await page.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Sustituto eliminado')).toBeVisible();
  await expect(page).toHaveURL(/#\/Sustitutos(\?|$)/);
  // the list keeps its filter: the substitute is gone
  await expect(page.locator('input[name="skuSustituto"]')).toHaveValue(sku);
  await expect(page.getByText(/No se encontraron/)).toBeVisible();
  await expect(listRows(page)).toHaveCount(0);
});

test('products per range: an overlapping range is refused with a clear message', async ({ page }) => {
  const sku = `PPR-${run}`;
  // the range's SKU is a product of the company
  await createProducts(page.request, [sku]);
  await open(page, '/ProductosPorRango/create');
  const fill = async (desde: string, hasta: string) => {
    await page.getByRole('combobox', { name: /SKU del producto/ }).fill(sku);
    await pick(page, /Tipo de rango/, 'Imprescindible');
    await pick(page, /Club/, 'Club');
    await page.locator('input[name="desdeFecha"]').fill(desde);
    await page.locator('input[name="hastaFecha"]').fill(hasta);
  };
  await fill('01/03/2026', '31/03/2026');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Producto por rango creado')).toBeVisible();
  await expect(page).toHaveURL(/#\/ProductosPorRango(\?|$)/);
  await expect(listRows(page).first()).toBeVisible();

  await page.goto('/#/ProductosPorRango/create');
  await fill('31/03/2026', '15/04/2026');
  await page.getByRole('button', { name: 'Guardar' }).click();
  const message = 'El rango se solapa con otro del mismo producto y club (del 01/03/2026 al 31/03/2026).';
  await expect(page.getByText(message).first()).toBeVisible();
  await expect(page).toHaveURL(/\/create/);
  await expect(page.locator('input[name="desdeFecha"]')).toHaveValue('31/03/2026');
  // an end before the start is refused too
  await page.locator('input[name="hastaFecha"]').fill('01/03/2026');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('«Hasta» no puede ser anterior a «Desde».')).toBeVisible();

  // only the first range exists; clean up
  await page.goto('/#/ProductosPorRango');
  await expect(listRows(page).first()).toBeVisible();
  await page.locator('input[name="skuProducto"]').fill(sku);
  await expect(listRows(page)).toHaveCount(1);
  await listRows(page).first().locator('input[type="checkbox"]').check();
  await page.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(/No se encontraron|Aún no hay/)).toBeVisible();
});
