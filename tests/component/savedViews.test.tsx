/**
 * «Vistas» on a generated list (Marca) over ra-data-fakerest (issue 16): saving the current filters, columns,
 * sort and page size; applying a view (a column that no longer exists is left out, and the notice says so);
 * the user's default view applied when the list opens; another user's shared view can be applied, not changed.
 * The fake API sets the owner on create as the reference API does (server/features/saved-views.ts).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataProvider } from 'react-admin';
import { parseViewState } from '../../src/core/savedViews';
import { forgetAppliedDefaults } from '../../src/resources/generic/SavedViews';
import { authWithRules } from './authWithRules';
import { fakeProvider, fixture, type Fixture } from './renderApp';
import { renderScreen } from './renderScreen';

const ME = 1;
const auth = authWithRules([{ action: 'manage', subject: 'all' }]);
const bodyRows = () => document.querySelectorAll('tbody tr');
const header = (source: string) => document.querySelector(`thead th.column-${source}`);

type Row = Record<string, unknown>;

const withViews = (views: Row[]) => {
  const inner = fakeProvider({ ...fixture(), 'vistas-guardadas': views } as Fixture);
  // the owner comes from the API, never from the form
  const provider: DataProvider = {
    ...inner,
    create: (resource, params) =>
      inner.create(
        resource,
        resource === 'vistas-guardadas' ? { ...params, data: { ...params.data, usuarioId: ME } } : params,
      ),
  };
  /** The views as the fake API stores them now. */
  const stored = async () =>
    (
      await provider.getList('vistas-guardadas', {
        filter: {},
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'id', order: 'ASC' },
      })
    ).data as Row[];
  return { provider, stored };
};

const json = (state: Row) => JSON.stringify(state);

/** The brand list, filtered by a name typed in its filter (one row left). */
const openMarcasNamed = async (nombre: string, provider: DataProvider) => {
  renderScreen('/Marca', { dataProvider: provider, authProvider: auth });
  await screen.findByText('Marca 01');
  const input = screen.getAllByLabelText('Nombre').find((element) => element.tagName === 'INPUT');
  fireEvent.change(input as HTMLInputElement, { target: { value: nombre } });
  await waitFor(() => expect(bodyRows()).toHaveLength(1));
};

const openViews = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Vistas' }));
  return screen.findByRole('dialog', { name: 'Vistas de la lista' });
};

beforeEach(() => forgetAppliedDefaults());

describe('saved views (Vistas)', () => {
  it('saves the current filter, visible columns, sort and page size under a name, shared if asked', async () => {
    const { provider, stored } = withViews([]);
    await openMarcasNamed('Marca 07', provider);

    const dialog = await openViews();
    expect(within(dialog).getByText('No hay vistas guardadas para esta lista.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar vista' }));
    expect(await within(dialog).findByText('Escriba un nombre para la vista.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Nombre de la vista'), {
      target: { value: 'Solo la 07' },
    });
    fireEvent.click(within(dialog).getByLabelText('Compartir con la empresa'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar vista' }));
    await screen.findByText('Vista «Solo la 07» guardada.');

    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      nombre: 'Solo la 07',
      recurso: 'Marca',
      compartidaSN: 'S',
      predeterminadaSN: 'N',
      usuarioId: ME,
    });
    expect(parseViewState(rows[0].estado)).toEqual({
      filter: { nombre: 'Marca 07' },
      displayedFilters: {},
      columns: ['nombre', 'codigo'],
      sort: { field: 'nombre', order: 'ASC' },
      perPage: 10,
    });
    // the same name again is refused in the form
    fireEvent.change(within(dialog).getByLabelText('Nombre de la vista'), {
      target: { value: 'solo la 07 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar vista' }));
    expect(
      await within(dialog).findByText('Ya tiene una vista llamada «solo la 07» en esta lista.'),
    ).toBeTruthy();
  });

  it('applies a view; a column that no longer exists is left out and the notice names it', async () => {
    const { provider } = withViews([
      {
        id: 1,
        empresaId: 1,
        usuarioId: ME,
        recurso: 'Marca',
        nombre: 'Códigos',
        compartidaSN: 'N',
        predeterminadaSN: 'N',
        estado: json({
          filter: { nombre: 'Marca 03' },
          columns: ['codigo', 'desaparecida'],
          sort: { field: 'codigo', order: 'DESC' },
          perPage: 25,
        }),
      },
    ]);
    renderScreen('/Marca', { dataProvider: provider, authProvider: auth });
    await screen.findByText('Marca 01');
    expect(header('nombre')).toBeTruthy();
    const dialog = await openViews();
    const item = await within(dialog).findByRole('listitem', { name: 'Códigos' });
    fireEvent.click(within(item).getByRole('button', { name: 'Aplicar' }));
    await screen.findByText('Vista aplicada sin la columna «desaparecida», que ya no existe en esta lista.');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(header('nombre')).toBeNull();
    expect(header('codigo')).toBeTruthy();
    expect(within(bodyRows()[0] as HTMLElement).getByText('M03')).toBeTruthy();
    expect(screen.getByText('1-1 de 1')).toBeTruthy();
    expect(window.location.hash).toContain('perPage=25');
    expect(window.location.hash).toContain('order=DESC');
  });

  it('a filter or a sort the list no longer has is left out, not applied unsaid; the notice names them', async () => {
    const { provider } = withViews([
      {
        id: 1,
        empresaId: 1,
        usuarioId: ME,
        recurso: 'Marca',
        nombre: 'Antigua',
        compartidaSN: 'N',
        predeterminadaSN: 'N',
        estado: json({
          filter: { nombre: 'Marca 03', desaparecida: 'x' },
          displayedFilters: { desaparecida: true },
          columns: ['codigo', 'columnaVieja'],
          sort: { field: 'campoViejo', order: 'DESC' },
        }),
      },
    ]);
    renderScreen('/Marca', { dataProvider: provider, authProvider: auth });
    await screen.findByText('Marca 01');
    const dialog = await openViews();
    const item = await within(dialog).findByRole('listitem', { name: 'Antigua' });
    fireEvent.click(within(item).getByRole('button', { name: 'Aplicar' }));
    await screen.findByText(
      'Vista aplicada sin el filtro «desaparecida», el orden por «campoViejo» y la columna «columnaVieja», ' +
        'que ya no existen en esta lista.',
    );
    // the filter the list has is applied; the others are not in the list's parameters (nor saved again)
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(within(bodyRows()[0] as HTMLElement).getByText('M03')).toBeTruthy();
    const hash = decodeURIComponent(window.location.hash);
    expect(hash).toContain('Marca 03');
    expect(hash).not.toContain('desaparecida');
    expect(hash).not.toContain('campoViejo');
    // the view can still be deleted from the same dialog
    const again = await openViews();
    expect(within(again).getByRole('listitem', { name: 'Antigua' })).toBeTruthy();
    expect(
      within(within(again).getByRole('listitem', { name: 'Antigua' })).getByRole('button', {
        name: 'Eliminar',
      }),
    ).toBeTruthy();
  });

  it('the user’s default view is applied when the list opens; another user’s default is not', async () => {
    const view = (id: number, usuarioId: number, nombre: string, filtro: string) => ({
      id,
      empresaId: 1,
      usuarioId,
      recurso: 'Marca',
      nombre,
      compartidaSN: 'S',
      predeterminadaSN: 'S',
      estado: json({ filter: { nombre: filtro } }),
    });
    const { provider } = withViews([view(1, 2, 'De otro', 'Marca 05'), view(2, ME, 'Mía', 'Marca 09')]);
    renderScreen('/Marca', { dataProvider: provider, authProvider: auth });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(within(bodyRows()[0] as HTMLElement).getByText('Marca 09')).toBeTruthy();
    expect(await screen.findByText('Vista «Mía» aplicada.')).toBeTruthy();
  });

  it('another user’s shared view can be applied but not changed; the owner shares, defaults and deletes', async () => {
    const base = { empresaId: 1, recurso: 'Marca', predeterminadaSN: 'N', estado: json({ filter: {} }) };
    const { provider, stored } = withViews([
      { ...base, id: 1, usuarioId: 2, nombre: 'Compartida de Bea', compartidaSN: 'S' },
      { ...base, id: 2, usuarioId: ME, nombre: 'Mía', compartidaSN: 'N' },
    ]);
    renderScreen('/Marca', { dataProvider: provider, authProvider: auth });
    await screen.findByText('Marca 01');
    const dialog = await openViews();
    const theirs = await within(dialog).findByRole('listitem', { name: 'Compartida de Bea' });
    expect(within(theirs).getByText('Compartida por otro usuario')).toBeTruthy();
    expect(
      within(theirs)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Aplicar']);

    const mine = within(dialog).getByRole('listitem', { name: 'Mía' });
    fireEvent.click(within(mine).getByRole('button', { name: 'Compartir' }));
    await screen.findByText('«Mía» compartida con la empresa.');
    fireEvent.click(within(mine).getByRole('button', { name: 'Predeterminada' }));
    await screen.findByText('«Mía» es ahora la vista predeterminada.');
    const row = async () => (await stored()).find((r) => r.id === 2);
    expect(await row()).toMatchObject({ compartidaSN: 'S', predeterminadaSN: 'S' });
    await within(mine).findByRole('button', { name: 'Quitar predeterminada' });

    fireEvent.click(within(mine).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('¿Eliminar la vista «Mía»?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await screen.findByText('Vista «Mía» eliminada.');
    expect(await row()).toBeUndefined();
  });

  it('the owner updates a view with the list as it is now, after confirming; its name and flags stay', async () => {
    const { provider, stored } = withViews([
      {
        id: 2,
        empresaId: 1,
        usuarioId: ME,
        recurso: 'Marca',
        nombre: 'Mía',
        compartidaSN: 'S',
        predeterminadaSN: 'N',
        estado: json({ filter: {}, perPage: 10 }),
      },
    ]);
    await openMarcasNamed('Marca 07', provider);

    const dialog = await openViews();
    const mine = await within(dialog).findByRole('listitem', { name: 'Mía' });
    fireEvent.click(within(mine).getByRole('button', { name: 'Actualizar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Actualizar vista' });
    expect(
      within(confirm).getByText(
        '¿Sustituir lo que guarda la vista «Mía» por los filtros, columnas, orden y tamaño de página actuales?',
      ),
    ).toBeTruthy();
    // nothing is written before the confirmation
    expect(parseViewState((await stored())[0].estado)).toMatchObject({ filter: {} });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Actualizar' }));
    await screen.findByText('Vista «Mía» actualizada con la vista actual.');

    const [row] = await stored();
    expect(row).toMatchObject({ id: 2, nombre: 'Mía', compartidaSN: 'S', predeterminadaSN: 'N' });
    expect(parseViewState(row.estado)).toMatchObject({ filter: { nombre: 'Marca 07' }, perPage: 10 });
  });
});
