/**
 * «Find any product» (issue 16) in Chromium against the reference API: the list's one search box finds a
 * product by a word of its title and by its EAN; the category picker's parent category lists the products of
 * its subcategories with its own, and no others.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { withCheckDigit } from '../../src/core/gtin';
import { ADMIN, listRows, signIn } from './support';

const RUN = Date.now() % 1000000;
const EAN = withCheckDigit(`84${String(RUN).padStart(10, '7')}`);

async function poster(request: APIRequestContext) {
  const login = await request.post('/auth/login', { data: ADMIN });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  return async (path: string, data: object): Promise<Record<string, unknown>> => {
    const answer = await request.post(path, { headers: { Authorization: `Bearer ${accessToken}` }, data });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as Record<string, unknown>;
  };
}

test('search a title word and an EAN; filter by a parent category', async ({ page }) => {
  const post = await poster(page.request);
  const parent = `Busqueda E2E ${RUN}`;
  const child = `Sub busqueda E2E ${RUN}`;
  await post('/categorias', { empresaId: 1, codigo: `BQ-${RUN}`, padre: 'master', nombre: parent });
  await post('/categorias', { empresaId: 1, codigo: `BQ-${RUN}-S`, padre: `BQ-${RUN}`, nombre: child });
  const made: Record<string, string> = {};
  for (const [key, categorias, general] of [
    ['HIJA', child, { titulo: `Zumbador${RUN} piezoeléctrico`, ean: EAN }],
    ['PADRE', parent, { titulo: 'Timbre de pared' }],
    ['OTRA', '', { titulo: 'Zumbador de otra categoría' }],
  ] as const) {
    const nombre = `E2E-BQ-${RUN}-${key}`;
    const product = await post('/productos', { empresaId: 1, nombre, categorias });
    await post('/producto-generals', { productoId: product.id, ...general });
    made[key] = nombre;
  }
  const names = page.locator('tbody td.column-nombre');

  await signIn(page);
  await expect(listRows(page).first()).toBeVisible();
  const box = page.getByLabel('Buscar', { exact: true });
  // a word of the title, in another case and without its accent
  await box.fill(`zumbador${RUN} PIEZOELECTRICO`);
  await expect(names).toHaveText([made.HIJA]);
  await box.fill(EAN);
  await expect(names).toHaveText([made.HIJA]);
  await box.fill('');

  // the parent category: its subcategory's product and its own, not the third
  await page.getByRole('combobox', { name: 'Categoría' }).fill(parent);
  await page.getByRole('option', { name: parent, exact: true }).click();
  await expect(names).toHaveText([made.HIJA, made.PADRE]);
});
