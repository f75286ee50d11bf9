/**
 * The catalogue product assignment screen over ra-data-fakerest: the two lists exclude each other, moving
 * products refreshes both lists and counts and clears the selection, every answer shape shows its docs/requirements.md#r8-errors
 * message, "add all matching the filter" is one request, and deleting a catalogue removes its products first.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withCatalogueProducts } from '../../src/custom/catalogueProducts/dataProvider';
import { fakeCatalogueApi, type FakeOverrides } from './catalogueProductsFake';
import { fakeProvider, fixture } from './renderApp';
import { screenElement } from './renderScreen';

const pad = (n: number) => String(n).padStart(2, '0');

/** 12 products of company 1 (P-01…P-12) and one of company 2; catalogue 1 holds P-01…P-03. */
const catalogueFixture = () => {
  const base = fixture();
  const productos = [
    ...Array.from({ length: 12 }, (_, i) => ({
      id: 101 + i,
      empresaId: 1,
      nombre: `P-${pad(i + 1)}`,
      categorias: i % 2 ? 'Jardín' : 'Herramientas',
    })),
    { id: 201, empresaId: 2, nombre: 'OTRA-01', categorias: 'Jardín' },
  ];
  return {
    ...base,
    productos,
    'producto-generals': productos.map((product, i) => ({
      id: 900 + i,
      productoId: product.id,
      titulo: `Título ${product.nombre}`,
      marca: `Marca ${pad((i % 3) + 1)}`,
      referenciaAgrupacion: i < 4 ? 'AGR-A' : null,
    })),
    catalogos: [
      { id: 1, Id: 1, empresaId: 1, codigo: 'CAT-A', nombre: 'Catálogo A', anyo: 2026, activoSN: 'S' },
      { id: 2, Id: 2, empresaId: 1, codigo: 'CAT-B', nombre: 'Catálogo B', anyo: 2025, activoSN: 'N' },
    ],
    'catalogos-productos': [101, 102, 103].map((productoId, i) => ({ id: i + 1, catalogoId: 1, productoId })),
  };
};

const renderScreen = (path: string, overrides: FakeOverrides = {}) => {
  const data = fakeProvider(catalogueFixture());
  const fake = fakeCatalogueApi(data, overrides);
  window.location.hash = `#${path}`;
  render(screenElement(path, { dataProvider: withCatalogueProducts(data, fake.api) }));
  return fake;
};

const panel = (name: 'Productos disponibles' | 'Productos en el catálogo') =>
  screen.getByRole('region', { name });
const available = () => panel('Productos disponibles');
const included = () => panel('Productos en el catálogo');
const skus = (region: HTMLElement) =>
  [...region.querySelectorAll('tbody tr')].map((row) => row.querySelector('td.column-nombre p')?.textContent);
const total = (membership: 'disponibles' | 'incluidos') =>
  screen.getByTestId(`total-${membership}`).textContent;

const loaded = async () => {
  await waitFor(() => expect(skus(included())).toEqual(['P-01', 'P-02', 'P-03']));
  await waitFor(() => expect(skus(available())).toHaveLength(9));
};

const select = (region: HTMLElement, sku: string) => {
  const row = within(region).getByText(sku).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('checkbox'));
};

describe('catalogue product assignment', () => {
  it('shows the chosen catalogue and two lists that exclude each other, with counts', async () => {
    const fake = renderScreen('/catalogo-productos/1');
    await loaded();
    expect(screen.getByLabelText('Datos del catálogo').textContent).toContain('CAT-A');
    expect(screen.getByLabelText('Datos del catálogo').textContent).toContain('2026');
    const inside = skus(included());
    const outside = skus(available());
    expect(outside).toEqual(['P-04', 'P-05', 'P-06', 'P-07', 'P-08', 'P-09', 'P-10', 'P-11', 'P-12']);
    expect(outside.some((sku) => inside.includes(sku))).toBe(false);
    // products of another company are in neither list
    expect(screen.queryByText('OTRA-01')).toBeNull();
    expect(total('disponibles')).toBe('9 productos');
    expect(total('incluidos')).toBe('3 productos');
    expect(fake.calls.some((call) => call.method === 'groupingReferences')).toBe(true);
  });

  it('asks for a catalogue first', async () => {
    renderScreen('/catalogo-productos');
    await screen.findByText(/Elija un catálogo/);
    expect(screen.queryByRole('region', { name: 'Productos disponibles' })).toBeNull();
  });

  it('adds the selection: both lists and counts refresh, the selection is cleared', async () => {
    const fake = renderScreen('/catalogo-productos/1');
    await loaded();
    select(available(), 'P-05');
    select(available(), 'P-07');
    fireEvent.click(await within(available()).findByRole('button', { name: /Añadir al catálogo \(2\)/ }));
    await screen.findByText('Productos agregados exitosamente');
    expect(fake.calls.filter((call) => call.method === 'add')).toEqual([
      { method: 'add', catalogoId: 1, ids: [105, 107] },
    ]);
    await waitFor(() => expect(skus(included())).toEqual(['P-01', 'P-02', 'P-03', 'P-05', 'P-07']));
    await waitFor(() => expect(skus(available())).not.toContain('P-05'));
    expect(skus(available())).not.toContain('P-07');
    expect(total('incluidos')).toBe('5 productos');
    expect(total('disponibles')).toBe('7 productos');
    expect(within(available()).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it('removes the selection after a confirmation', async () => {
    const fake = renderScreen('/catalogo-productos/1');
    await loaded();
    select(included(), 'P-02');
    fireEvent.click(await within(included()).findByRole('button', { name: /Quitar del catálogo \(1\)/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('¿Quitar 1 productos del catálogo CAT-A');
    fireEvent.click(within(dialog).getByRole('button', { name: /Quitar/ }));
    await screen.findByText('1 productos eliminados exitosamente');
    expect(fake.calls.filter((call) => call.method === 'remove')).toEqual([
      { method: 'remove', catalogoId: 1, ids: [102] },
    ]);
    await waitFor(() => expect(skus(included())).toEqual(['P-01', 'P-03']));
    await waitFor(() => expect(skus(available())).toContain('P-02'));
    expect(total('disponibles')).toBe('10 productos');
  });

  it('adds every product matching the filter in one request', async () => {
    const fake = renderScreen('/catalogo-productos/1');
    await loaded();
    const name = within(available()).getByLabelText('Categoría');
    fireEvent.change(name, { target: { value: 'jard' } });
    await waitFor(() => expect(skus(available())).toEqual(['P-04', 'P-06', 'P-08', 'P-10', 'P-12']));
    fireEvent.click(within(available()).getByRole('button', { name: /Añadir todos los filtrados \(5\)/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Añadir' }));
    await screen.findByText('Productos agregados exitosamente');
    const adds = fake.calls.filter((call) => call.method === 'add');
    expect(adds).toHaveLength(1);
    expect([...(adds[0].ids ?? [])].sort()).toEqual([104, 106, 108, 110, 112]);
    await waitFor(() => expect(total('incluidos')).toBe('8 productos'));
    await waitFor(() => expect(skus(available())).toEqual([]));
    expect(within(available()).getByText('Ningún producto coincide con el filtro.')).toBeTruthy();
  });
});

describe('messages for each answer shape (docs/requirements.md#r8-errors)', () => {
  it.each([
    ['an empty array', [], 'No se insertaron productos, respuesta inesperada'],
    ['an object', { ok: true }, 'No se insertaron productos, respuesta inesperada'],
    ['nothing', undefined, 'No se insertaron productos, respuesta inesperada'],
  ])('add answered with %s', async (_, answer, message) => {
    renderScreen('/catalogo-productos/1', { add: async () => answer });
    await loaded();
    select(available(), 'P-04');
    fireEvent.click(await within(available()).findByRole('button', { name: /Añadir al catálogo \(1\)/ }));
    await screen.findByText(message);
    // the answer was understood: the selection is cleared
    await waitFor(() =>
      expect(within(available()).queryAllByRole('checkbox', { checked: true })).toHaveLength(0),
    );
  });

  it.each([
    [
      '{deletedCount: 0}',
      { deletedCount: 0 },
      'No se eliminaron productos, quizás no coinciden con el catálogo',
    ],
    ['{deletedCount: 3}', { deletedCount: 3 }, '3 productos eliminados exitosamente'],
    ['an array', [], 'Respuesta inesperada del servidor'],
    ['an object without deletedCount', { count: 1 }, 'Respuesta inesperada del servidor'],
  ])('remove answered with %s', async (_, answer, message) => {
    renderScreen('/catalogo-productos/1', { remove: async () => answer });
    await loaded();
    select(included(), 'P-01');
    fireEvent.click(await within(included()).findByRole('button', { name: /Quitar del catálogo \(1\)/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Quitar/ }));
    await screen.findByText(message);
  });

  it('a failed request shows the server message and keeps the selection', async () => {
    renderScreen('/catalogo-productos/1', {
      add: async () => {
        throw new Error('Hay productos que no existen o no pertenecen a la empresa del catálogo: 999');
      },
    });
    await loaded();
    select(available(), 'P-04');
    fireEvent.click(await within(available()).findByRole('button', { name: /Añadir al catálogo \(1\)/ }));
    await screen.findByText('Hay productos que no existen o no pertenecen a la empresa del catálogo: 999');
    expect(within(available()).getAllByRole('checkbox', { checked: true }).length).toBeGreaterThan(0);
  });
});

describe('catalogue screens', () => {
  it('lead from the catalogue list and edit pages to the product assignment', async () => {
    renderScreen('/catalogos/1');
    const button = await screen.findByRole('link', { name: /Gestionar los productos de este catálogo/ });
    expect(button.getAttribute('href')).toBe('#/catalogo-productos/1');
    fireEvent.click(button);
    await loaded();
    expect(window.location.hash).toBe('#/catalogo-productos/1');
  });

  it('removes its products first, then the catalogue', async () => {
    const fake = renderScreen('/catalogos');
    await screen.findByText('Catálogo A');
    const row = screen.getByText('Catálogo A').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: /Borrar|Eliminar/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /Confirmar|Aceptar|Sí|Borrar|Eliminar/ }));
    await waitFor(() => expect(screen.queryByText('Catálogo A')).toBeNull());
    expect(fake.calls.filter((call) => call.method === 'deleteByCatalogue')).toEqual([
      { method: 'deleteByCatalogue', catalogoId: 1 },
    ]);
    expect(await fake.linksOf(1)).toEqual([]);
  });
});
