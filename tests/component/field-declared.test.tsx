/**
 * "A field declared is a field usable" (screens' side): `pesoKg` exists only in the test-only declaration
 * tests/support/productosConPeso.ts, registered like `<App schemas>` (it replaces the registry's products). The
 * product list offers it in the column chooser and shows it the Spanish way, its CSV export writes it, and the
 * product editor shows it in «Otros datos» and saves it. The API and the CSV import: tests/contract/field-declared.test.ts.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { productFixture, withProductApi } from './productsFixture';
import { renderScreen } from './renderScreen';
import { csvRows } from '../support/csvRows';
import { PESO, productosConPeso } from '../support/productosConPeso';
import { captureDownloads, readBlob } from './downloads';
import '../../src/custom/productList/ProductList';
import '../../src/custom/productEditor/ProductEdit';

const withWeights = () => {
  const data = productFixture();
  data.productos = data.productos.map((product) =>
    product.id === 10 ? { ...product, pesoKg: 1.25 } : { ...product, pesoKg: 0.5 },
  );
  return withProductApi({}, data);
};

const downloads = captureDownloads();

describe('pesoKg, declared only in a schema, on the product screens', () => {
  it('is a column of the list chooser, hidden at first, shown with 3 decimals once chosen', async () => {
    const recorded = withWeights();
    renderScreen('/productos', { dataProvider: recorded.provider, schemas: [productosConPeso] });
    await screen.findByText('PRD-01');
    expect(document.querySelector('td.column-pesoKg')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Columnas' }));
    const chooser = await screen.findByRole('presentation');
    fireEvent.click(within(chooser).getByLabelText(PESO.label));
    await waitFor(() => expect(document.querySelectorAll('td.column-pesoKg')).toHaveLength(10));
    expect(document.querySelector('td.column-pesoKg')?.textContent).toBe('0,500');
  });

  it('is a column of the list CSV export', async () => {
    const recorded = withWeights();
    renderScreen('/productos', { dataProvider: recorded.provider, schemas: [productosConPeso] });
    await screen.findByText('PRD-01');
    const exportButton = screen.getByRole('button', { name: 'Exportar' }) as HTMLButtonElement;
    await waitFor(() => expect(exportButton.disabled).toBe(false));
    fireEvent.click(exportButton);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toBe('productos_PIM.csv');
    const { header, rows: lines } = csvRows(await readBlob(downloads[0].blob));
    const column = header.indexOf('pesoKg');
    expect(column).toBeGreaterThan(-1);
    const sku10 = lines.find((cells) => cells[header.indexOf('nombre')] === 'SKU-10');
    expect(sku10?.[column]).toMatch(/^1[.,]25/);
  });

  it("is an input of the editor's «Otros datos» section, with the schema label, and is saved", async () => {
    const recorded = withWeights();
    const update = vi.spyOn(recorded.provider, 'update');
    renderScreen('/productos/10', { dataProvider: recorded.provider, schemas: [productosConPeso] });
    await screen.findByDisplayValue('Taladro percutor 750 W');
    const section = screen.getByRole('region', { name: 'Otros datos' });
    const peso = within(section).getByRole('textbox', { name: PESO.label }) as HTMLInputElement;
    expect(peso.value).toBe('1,250');
    fireEvent.change(peso, { target: { value: '2,75' } });
    fireEvent.blur(peso);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Producto actualizado correctamente')).toBeTruthy();
    const productUpdate = update.mock.calls.find(([resource]) => resource === 'productos');
    expect(productUpdate?.[1].data).toMatchObject({ pesoKg: 2.75 });
    expect((await recorded.base.getOne('productos', { id: 10 })).data.pesoKg).toBe(2.75);
  });
});
