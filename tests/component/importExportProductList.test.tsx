/**
 * The product list exports like every other list (CsvExportButton): the current filter, page by page (pages
 * of 5,000, never react-admin's one-request ExportButton with a silent cap), the productos table's columns as
 * `productos_PIM.csv`, with the 2-second toast and the rows-exported message.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { tableColumns } from '../../src/resources/csvTables';
import { withProductApi } from './productsFixture';
import { renderScreen } from './renderScreen';
// The screen is lazy: load it with the test file, so the waits measure the screen, not the transform.
import '../../src/custom/productList/ProductList';
import { captureDownloads, readBlob } from './downloads';

const downloads = captureDownloads();

describe('product list export', () => {
  it('exports every row of the current filter page by page as productos_PIM.csv', async () => {
    const recorded = withProductApi();
    const getList = vi.spyOn(recorded.provider, 'getList');
    renderScreen('/productos', { dataProvider: recorded.provider });
    await screen.findByText('PRD-01');
    fireEvent.change(await screen.findByLabelText('Buscar'), { target: { value: 'prd-1' } });
    await waitFor(() => expect(document.querySelectorAll('tbody tr')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(await screen.findByText('Generando el fichero CSV…')).toBeTruthy();
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toBe('productos_PIM.csv');
    const lines = (await readBlob(downloads[0].blob))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe((tableColumns('productos') ?? []).join(';'));
    expect(lines).toHaveLength(4);
    const exportCalls = getList.mock.calls.filter(
      ([resource, params]) => resource === 'productos' && params.pagination?.perPage === 5000,
    );
    expect(exportCalls).toHaveLength(1);
    expect(exportCalls[0][1].filter).toMatchObject({ q: 'prd-1' });
    expect(await screen.findByText('productos_PIM.csv: 3 filas exportadas')).toBeTruthy();
  });
});
