/**
 * The lists of the reference-data screens (docs/requirements.md#r2-screens) over fakerest: each offers the spec's filters (always
 * shown or under "Añadir filtro"), sends them under the spec's names, and narrows its rows; default orders.
 * How each filter becomes a LoopBack `where` is covered by the data provider's tests and, against the real
 * API, by tests/contract/reference-data-lists.test.ts.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { referenceProvider, renderReference } from './referenceDataSupport';

const rowsText = (column: string) =>
  [...document.querySelectorAll(`tbody tr td.column-${column}`)].map((cell) => cell.textContent);

const filterInput = (source: string) => document.querySelector<HTMLInputElement>(`input[name="${source}"]`);

interface Screen {
  path: string;
  resource: string;
  /** Always-shown filter sources. */
  shown: string[];
  /** Labels offered by the add-filter button. */
  offered?: string[];
  /** One filter typed in, what the list sends, and the rows left (column, texts). */
  typed: { source: string; value: string; column: string; rows: string[] };
}

const SCREENS: Screen[] = [
  {
    path: '/familias',
    resource: 'familias',
    shown: ['nombre'],
    offered: ['Código', 'Padre'],
    typed: { source: 'nombre', value: 'brico', column: 'nombre', rows: ['Bricolaje'] },
  },
  {
    path: '/Marca',
    resource: 'Marca',
    shown: ['nombre', 'codigo'],
    typed: { source: 'codigo', value: 'M1', column: 'codigo', rows: ['M10', 'M11', 'M12'] },
  },
  {
    path: '/Situaciones',
    resource: 'Situaciones',
    shown: ['nombre'],
    typed: { source: 'nombre', value: 'desc', column: 'nombre', rows: ['Descatalogado'] },
  },
  {
    path: '/Iconos',
    resource: 'Iconos',
    shown: ['nombre'],
    offered: ['Posibles valores'],
    typed: { source: 'nombre', value: 'gar', column: 'nombre', rows: ['Garantía'] },
  },
  {
    path: '/grupos-atributos',
    resource: 'grupos-atributos',
    shown: ['nombre', 'codigo'],
    typed: { source: 'codigo', value: 'ELE', column: 'nombre', rows: ['Eléctrico'] },
  },
  {
    path: '/multimedias',
    resource: 'multimedias',
    shown: ['clave'],
    offered: ['Tipo', 'Por defecto', 'Categoría'],
    typed: { source: 'clave', value: 'prin', column: 'clave', rows: ['principal'] },
  },
  {
    path: '/atributos',
    resource: 'atributos',
    shown: ['searchNombre', 'grupoAtributos'],
    typed: { source: 'searchNombre', value: 'pot', column: 'nombre', rows: ['Potencia'] },
  },
  {
    path: '/idiomas',
    resource: 'idiomas',
    shown: ['q'],
    offered: ['Código', 'Nombre', 'Activo'],
    typed: { source: 'q', value: 'es', column: 'nombre', rows: ['Español'] },
  },
  {
    path: '/empresas',
    resource: 'empresas',
    shown: ['q'],
    offered: ['Código', 'Nombre'],
    typed: { source: 'q', value: 'otra', column: 'nombre', rows: ['Otra Empresa'] },
  },
  {
    path: '/Clubs',
    resource: 'Clubs',
    shown: ['nombre'],
    offered: ['Descripción', 'Filtro de marcas', 'Filtro de categorías'],
    typed: { source: 'nombre', value: 'sur', column: 'nombre', rows: ['Club Sur'] },
  },
  {
    path: '/ProductosPorRango',
    resource: 'ProductosPorRango',
    shown: ['skuProducto'],
    offered: ['Tipo de rango', 'Club', 'Desde', 'Hasta'],
    typed: { source: 'skuProducto', value: 'SKU-10', column: 'skuProducto', rows: ['SKU-10'] },
  },
  {
    path: '/Ensamblados',
    resource: 'Ensamblados',
    shown: ['skuPrincipal', 'skuEnsamblado'],
    offered: ['Descripción', 'Cantidad'],
    typed: { source: 'skuEnsamblado', value: '11', column: 'skuEnsamblado', rows: ['SKU-11'] },
  },
  {
    path: '/Sustitutos',
    resource: 'Sustitutos',
    shown: ['skuPrincipal', 'skuSustituto'],
    offered: ['Descripción', 'Fecha de inicio', 'Fecha de fin', 'Intercambiable'],
    typed: { source: 'skuSustituto', value: '12', column: 'skuSustituto', rows: ['SKU-12'] },
  },
  {
    path: '/Repuestos',
    resource: 'Repuestos',
    shown: ['skuPrincipal', 'skuRepuesto'],
    offered: ['Descripción', 'Posición', 'Fecha de inicio', 'Fecha de fin'],
    typed: { source: 'skuRepuesto', value: '11', column: 'skuRepuesto', rows: ['SKU-11'] },
  },
  {
    path: '/catalogos',
    resource: 'catalogos',
    shown: ['codigo', 'nombre'],
    offered: ['Empresa', 'Año', 'Activo'],
    typed: { source: 'nombre', value: '2025', column: 'nombre', rows: ['Catálogo 2025'] },
  },
];

describe.each(SCREENS)('$path list', ({ path, resource, shown, offered, typed }) => {
  it('shows its filters, sends them by name and narrows the rows', async () => {
    const { provider, lastCall } = referenceProvider();
    renderReference(path, { dataProvider: provider });
    await waitFor(() => expect(document.querySelectorAll('tbody tr').length).toBeGreaterThan(0));
    for (const source of shown) expect(filterInput(source), source).toBeTruthy();
    if (offered) {
      fireEvent.click(screen.getByRole('button', { name: 'Añadir filtro' }));
      const menu = await screen.findByRole('menu');
      for (const label of offered) expect(within(menu).getByText(label)).toBeTruthy();
      fireEvent.keyDown(menu, { key: 'Escape' });
    }
    const before = rowsText(typed.column);
    expect(before).not.toEqual(typed.rows);
    fireEvent.change(filterInput(typed.source) as HTMLInputElement, { target: { value: typed.value } });
    await waitFor(() =>
      expect(lastCall('getList', resource)?.params.filter).toMatchObject({ [typed.source]: typed.value }),
    );
    await waitFor(() => expect(rowsText(typed.column)).toEqual(typed.rows));
  });
});

describe('companies: free text, or searchCodigo and searchDescripcion (docs/requirements.md#r2-screens)', () => {
  it.each([
    ['searchCodigo', 'dem', ['Empresa Demo']],
    ['searchDescripcion', 'otra', ['Otra Empresa']],
  ])('%s=%j sends the filter by name and narrows the rows', async (source, value, rows) => {
    const { provider, lastCall } = referenceProvider();
    renderReference(`/empresas?filter=${encodeURIComponent(JSON.stringify({ [source]: value }))}`, {
      dataProvider: provider,
    });
    await waitFor(() => expect(rowsText('nombre')).toEqual(rows));
    expect(lastCall('getList', 'empresas')?.params.filter).toEqual({ [source]: value });
    expect(filterInput(source)?.value).toBe(value);
  });
});

describe('default orders', () => {
  it('range types are sorted by orden (docs/requirements.md#r9-constants)', async () => {
    const { provider, lastCall } = referenceProvider();
    renderReference('/TiposRango', { dataProvider: provider });
    await waitFor(() => expect(rowsText('rango')).toEqual(['Imprescindible', 'Recomendado', 'Temporada']));
    expect(lastCall('getList', 'TiposRango')?.params.sort).toEqual({ field: 'orden', order: 'ASC' });
  });

  it('multimedia types are sorted by clave (docs/requirements.md#r9-constants)', async () => {
    const { provider, lastCall } = referenceProvider();
    renderReference('/multimedias', { dataProvider: provider });
    await waitFor(() => expect(rowsText('clave')).toEqual(['ficha', 'principal']));
    expect(lastCall('getList', 'multimedias')?.params.sort).toEqual({ field: 'clave', order: 'ASC' });
  });

  it('translations are filtered by language (idiomaId)', async () => {
    const { provider, lastCall } = referenceProvider();
    renderReference('/traducciones?filter=%7B%22idiomaId%22%3A2%7D', { dataProvider: provider });
    await waitFor(() => expect(rowsText('valor')).toEqual(['Categories']));
    expect(lastCall('getList', 'traducciones')?.params.filter).toEqual({ idiomaId: 2 });
    expect(filterInput('idiomaId')).toBeTruthy();
  });

  it('substitutes: intercambiable offers TODOS, which sends no constraint', async () => {
    const { provider, lastCall } = referenceProvider();
    renderReference('/Sustitutos?filter=%7B%22intercambiable%22%3A%22TODOS%22%7D', {
      dataProvider: provider,
    });
    await waitFor(() => expect(rowsText('skuPrincipal')).toEqual(['SKU-10', 'SKU-11']));
    expect(lastCall('getList', 'Sustitutos')?.params.filter).toEqual({ intercambiable: 'TODOS' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Intercambiable' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(expect.arrayContaining(['S', 'N', 'TODOS']));
  });
});
