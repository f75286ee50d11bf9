/**
 * The product editor's «Historial» tab over ra-data-fakerest: the timeline of the product's versions (newest
 * first, who and from where), filters by field and by user, the chosen version side by side (before | after),
 * and «Restaurar esta versión» — whole product or one field — only after a confirmation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RestoreAnswer } from '../../src/core/history/versions';
import { editorTab, productFixture, withProductApi } from './productsFixture';
import { renderScreen } from './renderScreen';
import '../../src/custom/productList/ProductList';
import '../../src/custom/productEditor/ProductEdit';

const TITULO = 'Taladro percutor 750 W';

const historyFixture = () => {
  const data = productFixture();
  data.historial = [
    {
      id: 1,
      empresaId: 1,
      productoId: 10,
      fecha: '2026-03-01T10:00:00.000Z',
      usuario: 'ana@demo.pim',
      origen: 'importacion',
      cambios: JSON.stringify([{ campo: 'finalizado', etiqueta: 'Finalizado', anterior: null, nuevo: 'N' }]),
    },
    {
      id: 2,
      empresaId: 1,
      productoId: 10,
      fecha: '2026-03-05T09:07:03.000Z',
      usuario: 'admin@demo.pim',
      origen: 'formulario',
      cambios: JSON.stringify([
        {
          campo: 'catalogo.precioFabrica',
          etiqueta: 'Datos de catálogo y coste · Precio de fábrica',
          anterior: 10,
          nuevo: 12.5,
        },
        { campo: 'finalizado', etiqueta: 'Finalizado', anterior: 'N', nuevo: 'S' },
      ]),
    },
  ];
  return data;
};

const openHistory = async (
  restoreVersion = vi.fn(async (): Promise<RestoreAnswer> => ({ producto: {} })),
) => {
  const recorded = withProductApi({ restoreVersion }, historyFixture());
  renderScreen('/productos/10', { dataProvider: recorded.provider });
  await screen.findByDisplayValue(TITULO);
  fireEvent.click(editorTab('Historial'));
  await screen.findByRole('list', { name: 'Versiones' });
  return restoreVersion;
};

const versionItems = () => within(screen.getByRole('list', { name: 'Versiones' })).getAllByRole('button');

const diffRows = () =>
  within(screen.getByRole('table', { name: 'Cambios de la versión' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    );

const choose = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

describe('«Historial» of a product', () => {
  it('shows the timeline newest first and the newest version side by side', async () => {
    await openHistory();
    const items = versionItems();
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('admin@demo.pim');
    expect(items[0].textContent).toContain('Formulario · 2 cambios');
    expect(items[1].textContent).toContain('Importación · 1 cambio');
    expect(diffRows()).toEqual([
      ['Datos de catálogo y coste · Precio de fábrica', '10', '12.5'],
      ['Finalizado', 'N', 'S'],
    ]);
    fireEvent.click(items[1]);
    expect(diffRows()).toEqual([['Finalizado', '—', 'N']]);
  });

  it('filters by user and by field', async () => {
    await openHistory();
    await choose('Usuario', 'ana@demo.pim');
    await waitFor(() => expect(versionItems()).toHaveLength(1));
    expect(versionItems()[0].textContent).toContain('ana@demo.pim');
    await choose('Usuario', 'Todos');
    await choose('Campo', 'Datos de catálogo y coste · Precio de fábrica');
    await waitFor(() => expect(versionItems()).toHaveLength(1));
    expect(diffRows()).toEqual([['Datos de catálogo y coste · Precio de fábrica', '10', '12.5']]);
  });

  it('restores the whole version, or one field to its previous value, after confirming', async () => {
    const restoreVersion = await openHistory();
    fireEvent.click(screen.getByRole('button', { name: 'Restaurar esta versión' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('¿Restaurar el producto tal como quedó en esta versión?');
    expect(restoreVersion).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restaurar esta versión' }));
    await waitFor(() => expect(restoreVersion).toHaveBeenCalledWith(10, 2, {}));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Volver al valor anterior: Datos de catálogo y coste · Precio de fábrica',
      }),
    );
    dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Precio de fábrica');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restaurar esta versión' }));
    await waitFor(() =>
      expect(restoreVersion).toHaveBeenLastCalledWith(10, 2, {
        campo: 'catalogo.precioFabrica',
        momento: 'antes',
      }),
    );
  });

  it('cancelling the confirmation restores nothing', async () => {
    const restoreVersion = await openHistory();
    fireEvent.click(screen.getByRole('button', { name: 'Restaurar este campo: Finalizado' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /cancelar/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(restoreVersion).not.toHaveBeenCalled();
  });
});
