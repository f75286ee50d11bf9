import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { listRows, signIn } from './support';

/** A product of this run only (other specs share the server and its data). */
const NOMBRE = `E2E-PRD-${Date.now() % 1000000}`;

const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text);

const chooseOption = async (page: Page, combobox: string, option: string) => {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

const saveAndConfirm = async (page: Page, expectVolumeWarning: boolean) => {
  await page.getByRole('button', { name: 'Guardar' }).click();
  if (expectVolumeWarning) {
    const warning = page.getByRole('dialog', { name: 'Volumen de producto' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(
      'El producto se ha actualizado en el sistema, pero no se sincronizará con BC debido a que su volumen es menor que 0.',
    );
    await warning.getByRole('button', { name: 'Aceptar' }).click();
  }
  const success = page.getByRole('dialog', { name: 'Producto actualizado correctamente' });
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: 'Aceptar' }).click();
  await expect(success).toBeHidden();
};

const openProduct = async (page: Page, nombre: string) => {
  await page.goto('/#/productos');
  await page.getByLabel('Buscar', { exact: true }).fill(nombre);
  await expect(listRows(page)).toHaveCount(1);
  await listRows(page).first().locator('td.column-nombre').click();
  await expect(page.getByRole('tab', { name: 'Atributos' })).toBeVisible();
};

test.describe.serial('products', () => {
  test('a list page costs list + count, then ONE request for the texts of the whole page', async ({
    page,
  }) => {
    await signIn(page);
    await expect(listRows(page)).toHaveCount(10);
    await expect(page.getByTestId('review-status')).toHaveCount(10);
    const calls: { url: string; start: number; end?: number }[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/(productos|TextosGenerados)(\/count)?$/.test(pathname))
        calls.push({ url: pathname, start: Date.now() });
    });
    page.on('requestfinished', (request) => {
      const call = calls.find((c) => c.url === new URL(request.url()).pathname && c.end === undefined);
      if (call) call.end = Date.now();
    });
    const textsAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === '/TextosGenerados');
    await page.getByRole('button', { name: /siguiente|next/i }).click();
    await expect(page.locator('.MuiTablePagination-displayedRows')).toHaveText(/^11-20 de \d+$/);
    await textsAnswered;
    await expect(page.getByTestId('review-status')).toHaveCount(10);
    await page.waitForTimeout(1000); // anything else the page would still ask
    expect(calls.map((c) => c.url).sort()).toEqual(['/TextosGenerados', '/productos', '/productos/count']);
    // two round trips: list and count together, then the texts once the page is known
    const texts = calls.find((c) => c.url === '/TextosGenerados')!;
    const list = calls.find((c) => c.url === '/productos')!;
    expect(texts.start).toBeGreaterThanOrEqual(list.end!);
  });

  test('create, fill attributes and an image, save with sincronizarConBC = S, reload and find everything', async ({
    page,
  }) => {
    await signIn(page);
    await expect(page).toHaveURL(/#\/productos/);
    await page.goto('/#/productos/create');
    await page.getByRole('textbox', { name: /Nombre \(SKU\)/ }).fill(NOMBRE);
    await page.getByRole('combobox', { name: 'Categorías' }).fill('Taladros');
    await page.getByRole('option', { name: 'Taladros', exact: true }).click();
    await chooseOption(page, 'Sincronizar con BC', 'S');
    await page.getByRole('button', { name: 'Crear producto' }).click();
    await expect(toast(page, 'Producto creado')).toBeVisible();
    await expect(page).toHaveURL(/#\/productos\/\d+$/);

    // general data and attribute values (the category's attributes were created with the product)
    const titulo = page.getByRole('textbox', { name: 'Título', exact: true });
    await titulo.fill('Taladro de pruebas E2E');
    await page.getByRole('tab', { name: 'Atributos' }).click();
    await expect(page.getByRole('region', { name: 'Dimensiones' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Potencia', exact: true }).fill('750');
    // no dimensions yet: the ERP sync refuses for volume, then the success dialog
    await saveAndConfirm(page, true);

    await page.getByRole('tab', { name: 'Atributos' }).click();
    await page.getByRole('textbox', { name: 'Largo', exact: true }).fill('30');
    await page.getByRole('textbox', { name: 'Ancho', exact: true }).fill('20');
    await page.getByRole('textbox', { name: 'Alto', exact: true }).fill('10');
    await saveAndConfirm(page, false);

    // the main image: dropped as a file, rendered as the 800x600 PNG
    await page.getByRole('tab', { name: 'Multimedia' }).click();
    const picture = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    await page
      .getByTestId('drop-main-image')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'foto principal.png', mimeType: 'image/png', buffer: picture });
    await expect(page.getByText('foto principal.png: subido')).toBeVisible();

    // a file over 20 MB is refused with a clear message before anything is sent (50 MB on the server: contract test)
    await page
      .getByTestId('drop-files')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'enorme.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.alloc(25 * 1024 * 1024, 1),
      });
    await expect(page.getByText('El fichero «enorme.pdf» supera el tamaño máximo de 20 MB.')).toBeVisible();

    // reload: everything is stored
    await page.reload();
    // the open tab is part of the address: back to the general data
    await page.getByRole('tab', { name: 'Datos generales' }).click();
    await expect(page.getByRole('textbox', { name: 'Título', exact: true })).toHaveValue(
      'Taladro de pruebas E2E',
    );
    await expect(page.getByRole('combobox', { name: 'Sincronizar con BC' })).toHaveText('S');
    await expect(
      page.getByText(/Última sincronización con BC: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/),
    ).toBeVisible();
    await expect(page.getByTestId('fecha-modificacion')).toHaveText(
      /Última modificación: \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/,
    );
    await page.getByRole('tab', { name: 'Atributos' }).click();
    await expect(page.getByRole('textbox', { name: 'Potencia', exact: true })).toHaveValue('750');
    await expect(page.getByRole('textbox', { name: 'Largo', exact: true })).toHaveValue('30');
    const headerImage = page.locator(`img[alt="${NOMBRE}"]`).first();
    await expect(headerImage).toHaveAttribute(
      'src',
      // the file needs the session's token: an <img> sends it as access_token
      new RegExp(`/multimedia/${NOMBRE}/800x600_foto_principal\\.png\\?access_token=[\\w.-]+$`),
    );
    await expect.poll(() => headerImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    // uploads are not public: the same file without the session's token is refused
    expect((await page.request.get(`/multimedia/${NOMBRE}/800x600_foto_principal.png`)).status()).toBe(401);

    // the list shows it with its picture and review status
    await page.goto('/#/productos');
    await page.getByLabel('Buscar', { exact: true }).fill(NOMBRE);
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page).first()).toContainText('Taladros');
    await expect(listRows(page).first().getByTestId('review-status')).toHaveText('No incluido');
  });

  test('replicate the product', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/#\/productos/);
    await openProduct(page, NOMBRE);
    await page.getByRole('button', { name: 'Replicar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Replicar' }).click();
    await expect(toast(page, 'Producto replicado correctamente')).toBeVisible();
    await expect(page.getByRole('heading', { name: `${NOMBRE}-COPIA` })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Título', exact: true })).toHaveValue(
      'Taladro de pruebas E2E',
    );
    await page.getByRole('tab', { name: 'Atributos' }).click();
    await expect(page.getByRole('textbox', { name: 'Potencia', exact: true })).toHaveValue('750');
  });

  test('delete the products', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/#\/productos/);
    for (const nombre of [`${NOMBRE}-COPIA`, NOMBRE]) {
      await openProduct(page, nombre);
      await page.getByRole('button', { name: 'Eliminar' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
      await expect(toast(page, 'Producto eliminado')).toBeVisible();
      await expect(page).toHaveURL(/#\/productos(\?.*)?$/);
    }
    await page.getByLabel('Buscar', { exact: true }).fill(NOMBRE);
    await expect(page.getByText(/No se encontraron .* con los filtros actuales/)).toBeVisible();
  });
});
