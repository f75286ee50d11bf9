/**
 * Keyboard first: a list row is focusable and opens its record with Enter as with a click (a generic list and
 * the product list); the bulk action buttons are out of the tab order until a row is selected; the AI review's
 * product texts take the focus on arrival, so Ctrl+Enter approves at once.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import fakeRestDataProvider from 'ra-data-fakerest';
import { AdminContext, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { AiTextsMethods, TextoGenerado } from '../../src/custom/aiTexts/api';
import { ProductTexts } from '../../src/custom/aiTexts/ProductTexts';
import { createI18nProvider } from '../../src/i18n';
import { fakeProvider, fixture } from './renderApp';
import { renderScreen } from './renderScreen';
import '../../src/custom/productList/ProductList';

const dataRows = () => document.querySelectorAll<HTMLTableRowElement>('tbody tr.RaDatagrid-row');

/** The bulk toolbar's wrapper: inert while nothing is selected. */
const bulkActions = () => screen.getByTestId('bulk-actions');

describe('list rows open by keyboard', () => {
  it('a generic list row is focusable and Enter opens its record; bulk buttons wait for a selection', async () => {
    renderScreen('/Marca');
    await screen.findByText('Marca 01');
    const rows = [...dataRows()];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.tabIndex === 0)).toBe(true);

    // nothing selected: the bulk toolbar (and its delete button) is inert, out of the tab order
    expect(bulkActions().hasAttribute('inert')).toBe(true);
    const checkbox = rows[0].querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect(checkbox).not.toBeNull();
    // the checkbox itself is named (not MUI's wrapping span, where ARIA does not allow a label)
    expect(checkbox!.getAttribute('aria-label')).toBe('Seleccionar esta fila');
    expect(rows[0].querySelector('.select-item')?.hasAttribute('aria-label')).toBe(false);
    expect(within(rows[0]).getByRole('checkbox', { name: 'Seleccionar esta fila' })).toBe(checkbox);
    fireEvent.click(checkbox!);
    await waitFor(() => expect(bulkActions().hasAttribute('inert')).toBe(false));
    expect(within(bulkActions()).getByRole('button', { name: 'Eliminar' })).toBeTruthy();
    fireEvent.click(checkbox!);
    await waitFor(() => expect(bulkActions().hasAttribute('inert')).toBe(true));

    // Enter on a key inside the row (its checkbox) does not open it; on the row it does
    fireEvent.keyDown(checkbox!, { key: 'Enter' });
    expect(window.location.hash).toBe('#/Marca');
    const first = dataRows()[0];
    first.focus();
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Enter' });
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/Marca\/[^/]+$/));
  });

  it('a product list row opens the product editor with Enter', async () => {
    renderScreen('/productos', { dataProvider: fakeProvider(fixture()) });
    await screen.findByText('SKU-11');
    const row = [...dataRows()].find((candidate) => candidate.textContent?.includes('SKU-11'));
    expect(row?.tabIndex).toBe(0);
    fireEvent.keyDown(row!, { key: 'Enter' });
    await waitFor(() => expect(window.location.hash).toBe('#/productos/11'));
  });
});

describe('AI review texts', () => {
  const texts: TextoGenerado[] = [
    {
      id: 1,
      productoId: 10,
      marketplaceId: 1,
      campo: 'titulo',
      idioma: 'es',
      texto: 'Silla',
      revisado_sn: 'N',
    },
    {
      id: 2,
      productoId: 10,
      marketplaceId: 1,
      campo: 'descripcion',
      idioma: 'es',
      texto: 'Desc',
      revisado_sn: 'N',
    },
  ] as TextoGenerado[];

  it('the first text has the focus on arrival and Ctrl+Enter approves it without tabbing', async () => {
    const aiActualizarRevision = vi.fn(async (ids: number[]) => ({ count: ids.length }));
    const methods: Partial<AiTextsMethods> = {
      aiTextosProducto: async () => texts.map((text) => ({ ...text })),
      aiActualizarRevision,
      aiGuardarTextos: async () => ({ status: 'OK' }),
    };
    const dataProvider = {
      ...fakeRestDataProvider({ 'producto-generals': [] }, false),
      ...methods,
    } as DataProvider;
    render(
      <MemoryRouter>
        <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
          <ProductTexts productoId={10} nombre="SKU-10" marketplaceId={1} onChanged={() => undefined} />
        </AdminContext>
      </MemoryRouter>,
    );
    const first = await screen.findByDisplayValue('Silla');
    await waitFor(() => expect(document.activeElement).toBe(first));
    // the shortcut goes to whatever has the focus: no click, no Tab before it
    fireEvent.keyDown(document.activeElement!, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(aiActualizarRevision).toHaveBeenCalledWith([1], 'S'));
  });
});
