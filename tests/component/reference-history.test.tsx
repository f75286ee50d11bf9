/**
 * «Historial» under the edit form of the reference data (here a brand, over ra-data-fakerest plus the data
 * provider's referenceVersions method): the record's versions newest first (who, when, from where), the chosen
 * one side by side (before | after), filters by field and by user; nothing without `read historial`.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReferenceVersion } from '../../src/core/history/referenceVersions';
import { authWithRules } from './authWithRules';
import { fakeProvider } from './renderApp';
import { renderScreen } from './renderScreen';

const VERSIONS: ReferenceVersion[] = [
  {
    id: 7,
    recurso: 'Marca',
    registroId: 1,
    fecha: '2026-03-05T09:07:03.000Z',
    usuario: 'ana@demo.pim',
    origen: 'formulario',
    cambios: [{ campo: 'nombre', etiqueta: 'Nombre', anterior: 'Marca Vieja', nuevo: 'Marca 01' }],
  },
  {
    id: 3,
    recurso: 'Marca',
    registroId: 1,
    fecha: '2026-03-01T10:00:00.000Z',
    usuario: 'admin@demo.pim',
    origen: 'importacion',
    cambios: [
      { campo: 'nombre', etiqueta: 'Nombre', anterior: null, nuevo: 'Marca Vieja' },
      { campo: 'codigo', etiqueta: 'Código', anterior: null, nuevo: 'M01' },
    ],
  },
];

const providerWith = () => {
  const referenceVersions = vi.fn(async (_resource: string, _id: number | string) => VERSIONS);
  return { provider: { ...fakeProvider(), referenceVersions }, referenceVersions };
};

const versionItems = () => within(screen.getByRole('list', { name: 'Versiones' })).getAllByRole('button');

const diffRows = () =>
  within(screen.getByRole('table', { name: 'Cambios de la versión' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('«Historial» of a reference record', () => {
  it('lists the versions newest first and shows the chosen one side by side', async () => {
    const { provider, referenceVersions } = providerWith();
    renderScreen('/Marca/1', { dataProvider: provider });
    await screen.findByDisplayValue('Marca 01');
    await screen.findByRole('list', { name: 'Versiones' });
    expect(referenceVersions).toHaveBeenCalledWith('Marca', 1);
    expect(screen.getByRole('region', { name: 'Historial' })).toBeTruthy();
    const items = versionItems();
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('ana@demo.pim');
    expect(items[0].textContent).toContain('Formulario · 1 cambio');
    expect(items[1].textContent).toContain('Importación · 2 cambios');
    expect(diffRows()).toEqual([['Nombre', 'Marca Vieja', 'Marca 01']]);

    fireEvent.click(items[1]);
    await waitFor(() =>
      expect(diffRows()).toEqual([
        ['Nombre', '—', 'Marca Vieja'],
        ['Código', '—', 'M01'],
      ]),
    );
  });

  it('filters by field and by user', async () => {
    const { provider } = providerWith();
    renderScreen('/Marca/1', { dataProvider: provider });
    await screen.findByRole('list', { name: 'Versiones' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Campo' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Código' }));
    await waitFor(() => expect(versionItems()).toHaveLength(1));
    expect(diffRows()).toEqual([['Código', '—', 'M01']]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Usuario' }));
    fireEvent.click(await screen.findByRole('option', { name: 'ana@demo.pim' }));
    expect(await screen.findByText('Ninguna versión coincide con los filtros.')).toBeTruthy();
  });

  it('without read historial there is no history section and it is not asked for', async () => {
    const { provider, referenceVersions } = providerWith();
    renderScreen('/Marca/1', {
      dataProvider: provider,
      authProvider: authWithRules([
        { action: 'read', subject: 'Marca' },
        { action: 'update', subject: 'Marca' },
      ]),
    });
    await screen.findByDisplayValue('Marca 01');
    expect(screen.queryByRole('region', { name: 'Historial' })).toBeNull();
    expect(referenceVersions).not.toHaveBeenCalled();
  });
});
