import { expect, test, type Page } from '@playwright/test';
import { listRows, signIn } from './support';

/** A view of this run only (other specs share the server and its data). */
const VISTA = `Taladros E2E ${Date.now() % 100000}`;

const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text);
const searchBox = (page: Page) => page.getByLabel('Buscar', { exact: true });
const perPage = (page: Page) => page.getByRole('combobox', { name: /Filas por página/ });

test('save a view of the product list (search, page size, a column), reload, get it back as the default', async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/#\/productos/);
  await expect(listRows(page)).toHaveCount(10);

  // the state to keep: a title word, 25 per page, the «Marca» column shown
  await searchBox(page).fill('taladro');
  // the list takes the search after its own 500 ms pause: a page size chosen before that would be written back
  // by the search's change (react-admin builds it over the parameters of the moment it was typed)
  await expect(page).toHaveURL(/taladro/);
  await expect(page.locator('tbody td.column-nombre').first()).toBeVisible();
  await perPage(page).click();
  await page.getByRole('option', { name: '25', exact: true }).click();
  await expect(perPage(page)).toHaveText('25');
  await page.getByRole('button', { name: 'Columnas' }).click();
  await page.getByRole('presentation').getByLabel('Marca', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.locator('thead th.column-marca')).toBeVisible();
  const pager = await page.locator('.MuiTablePagination-displayedRows').textContent();

  await page.getByRole('button', { name: 'Vistas' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vistas de la lista' });
  await dialog.getByLabel('Nombre de la vista').fill(VISTA);
  await dialog.getByLabel('Usar como predeterminada').check();
  await dialog.getByRole('button', { name: 'Guardar vista' }).click();
  await expect(toast(page, `Vista «${VISTA}» guardada.`)).toBeVisible();
  await expect(
    dialog.getByRole('listitem', { name: VISTA }).getByText('Predeterminada', { exact: true }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();

  // back to the plain list through an address naming its filters (a link wins over the default view)
  await page.goto('/#/productos?filter=%7B%7D&page=1&perPage=10&sort=nombre&order=ASC');
  await expect(searchBox(page)).toHaveValue('');
  await expect(listRows(page)).toHaveCount(10);

  // a fresh load of the list: the default view comes back from the API
  await page.goto('/#/productos');
  await page.reload();
  await expect(searchBox(page)).toHaveValue('taladro');
  await expect(perPage(page)).toHaveText('25');
  await expect(page.locator('thead th.column-marca')).toBeVisible();
  await expect(page.locator('.MuiTablePagination-displayedRows')).toHaveText(pager ?? '');
  await expect(toast(page, `Vista «${VISTA}» aplicada.`)).toBeVisible();

  // and it is listed, and can be deleted
  await page.getByRole('button', { name: 'Vistas' }).click();
  const item = dialog.getByRole('listitem', { name: VISTA });
  await expect(item).toBeVisible();
  await item.getByRole('button', { name: 'Eliminar' }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar vista' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(toast(page, `Vista «${VISTA}» eliminada.`)).toBeVisible();
  await expect(dialog.getByRole('listitem', { name: VISTA })).toHaveCount(0);
});
