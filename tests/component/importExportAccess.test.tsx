/**
 * Import and export offer only the tables the person may use (docs/requirements.md#r6-roles rules through canAccessWithRules):
 * import needs 'create' or 'import' on the table's resource, export 'read'/'export'/'list'. And leaving the
 * import page while an import runs asks first (react-router blocker): staying keeps it running, leaving cancels it.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { AbilityRule } from '../../src/core/permissions';
import { authWithRules } from './authWithRules';
import { fakeProvider, fixture, renderApp } from './renderApp';
import { renderScreen } from './renderScreen';

const withRules = authWithRules;

const RULES: AbilityRule[] = [
  { action: 'read', subject: 'Auth' },
  { action: 'create', subject: 'productos' },
  { action: 'read', subject: 'productos' },
  { action: 'import', subject: 'Marca' },
  { action: 'read', subject: 'categorias' },
];

const options = async (label: string): Promise<string[]> => {
  const select = await screen.findByRole('combobox', { name: label });
  await waitFor(() => expect(select.getAttribute('aria-disabled')).not.toBe('true'));
  fireEvent.mouseDown(select);
  const list = await screen.findByRole('listbox');
  const names = within(list)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
  fireEvent.keyDown(list, { key: 'Escape' });
  return names;
};

describe('tables offered by permission', () => {
  it('import offers only the tables the rules let the person create in or import into', async () => {
    renderScreen('/importar-csv', { authProvider: withRules(RULES) });
    expect((await options('Tabla de destino')).sort()).toEqual(['Marcas (marca)', 'Productos (productos)']);
  });

  it('export offers only the readable tables', async () => {
    renderScreen('/exportar-csv', { authProvider: withRules(RULES) });
    expect((await options('Tabla')).sort()).toEqual(
      ['Categorías (categorias)', 'Productos (productos)'].sort(),
    );
  });

  it('a table named in the address that the person may not import into is refused', async () => {
    renderScreen('/importar-csv?tabla=atributos', { authProvider: withRules(RULES) });
    expect(await screen.findByText(/No tiene permiso para esta tabla: «atributos»/)).toBeTruthy();
  });

  it('the admin (manage all) gets every table', async () => {
    renderScreen('/importar-csv', { authProvider: withRules([{ action: 'manage', subject: 'all' }]) });
    expect((await options('Tabla de destino')).length).toBeGreaterThan(10);
  });
});

describe('leaving the page during an import', () => {
  it('asks first; staying keeps the import, leaving cancels it', async () => {
    const base = fakeProvider(fixture());
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let creates = 0;
    const provider: DataProvider = {
      ...base,
      create: async (resource, params) => {
        creates += 1;
        await held;
        return base.create(resource, params);
      },
    };
    // leaving goes through the menu: the whole app
    renderApp('/importar-csv', { dataProvider: provider });
    await screen.findByText(/Arrastre aquí un fichero CSV/);
    const rows = Array.from({ length: 30 }, (_, i) => `Marca fuga ${i};MF${i}`).join('\n');
    fireEvent.change(screen.getByTestId('import-file'), {
      target: { files: [new File([`nombre;codigo\n${rows}\n`], 'marca_PIM.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Importar 30 filas' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Importar' }));
    await waitFor(() => expect(creates).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Cancelar importación' })).toBeTruthy();

    // a navigation inside the app (the menu) is held with a question
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Marcas' }));
    const question = await screen.findByRole('dialog', { name: 'Importación en curso' });
    fireEvent.click(within(question).getByRole('button', { name: 'Seguir importando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.hash).toContain('importar-csv');
    expect(screen.getByRole('button', { name: 'Cancelar importación' })).toBeTruthy();

    // leaving: the import is cancelled, nothing more is sent
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Marcas' }));
    const again = await screen.findByRole('dialog', { name: 'Importación en curso' });
    fireEvent.click(within(again).getByRole('button', { name: 'Salir y cancelar' }));
    await waitFor(() => expect(window.location.hash).toContain('/Marca'));
    const sent = creates;
    release();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(creates).toBe(sent);
    expect(sent).toBeLessThan(30);
    const { data } = await base.getList('Marca', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(data.filter((m) => String(m.nombre).startsWith('Marca fuga')).length).toBe(sent);
  });
});
