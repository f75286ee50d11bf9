/**
 * The B2B view (read-only): the filters reach GET /B2bProductos/obtenerProductosFiltrados once the user stops
 * typing (not once per keystroke), "Todas las empresas" asks for multiempresas S without a cliente, and the rows
 * show what the API answered.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { B2bPage, B2bQuery, B2bRow } from '../../src/core/productEditor/contract';
import { withProductApi } from './productsFixture';
import { renderScreen } from './renderScreen';
// The screen is lazy: load it with the test file, so the waits measure the screen, not the transform.
import '../../src/custom/productEditor/b2b/B2bProductList';

const ROWS: B2bRow[] = [
  {
    id: 10,
    empresaId: 1,
    nombre: 'SKU-10',
    titulo: 'Taladro percutor',
    marca: 'Acme',
    categorias: 'HEL-TAL',
  },
  { id: 11, empresaId: 1, nombre: 'SKU-11', titulo: 'Bombilla LED', marca: 'Luz', categorias: 'ILU-BOM' },
];

const answer = async (query: B2bQuery): Promise<B2bPage> => {
  const found = ROWS.filter((row) => !query.filtro1 || `${row.nombre} ${row.titulo}`.includes(query.filtro1));
  return { data: found, total: found.length };
};

/** `count` rows SKU-1…SKU-count, paged as the API pages them (limit/skip) with the real total. */
const paged =
  (count: number) =>
  async (query: B2bQuery): Promise<B2bPage> => {
    const skip = query.skip ?? 0;
    const data = Array.from(
      { length: Math.max(0, Math.min(query.limit ?? count, count - skip)) },
      (_, i) => ({
        id: skip + i + 1,
        empresaId: 1,
        nombre: `SKU-${skip + i + 1}`,
        titulo: `Producto ${skip + i + 1}`,
      }),
    );
    return { data, total: count };
  };

describe('B2B products', () => {
  it('filters once typing stops, and asks for every company with the switch', async () => {
    const b2bProducts = vi.fn(answer);
    const recorded = withProductApi({ b2bProducts });
    renderScreen('/B2bProductos', { dataProvider: recorded.provider });
    expect(await screen.findByText('Bombilla LED')).toBeTruthy();
    expect(b2bProducts).toHaveBeenLastCalledWith(expect.objectContaining({ multiempresas: 'N', cliente: 1 }));

    const field = screen.getByLabelText('SKU, título o marca');
    for (const text of ['T', 'Ta', 'Tal', 'Tala']) fireEvent.change(field, { target: { value: text } });
    await waitFor(() => {
      expect(screen.queryByText('Bombilla LED')).toBeNull();
      expect(screen.getByText('Taladro percutor')).toBeTruthy();
    });
    const typed = b2bProducts.mock.calls.map(([query]) => query.filtro1).filter(Boolean);
    expect(typed).toEqual(['Tala']);

    fireEvent.click(screen.getByLabelText('Todas las empresas'));
    await waitFor(() =>
      expect(b2bProducts).toHaveBeenLastCalledWith(
        expect.objectContaining({ multiempresas: 'S', cliente: undefined, filtro1: 'Tala' }),
      ),
    );
  });

  it('asks the API for one page at a time and the pager shows the API total', async () => {
    const b2bProducts = vi.fn(paged(2600));
    const recorded = withProductApi({ b2bProducts });
    renderScreen('/B2bProductos', { dataProvider: recorded.provider });
    expect(await screen.findByText('SKU-1')).toBeTruthy();
    expect(screen.getByText('1-25 de 2600')).toBeTruthy();
    expect(b2bProducts).toHaveBeenLastCalledWith(expect.objectContaining({ limit: 25, skip: 0 }));
    fireEvent.click(screen.getByRole('button', { name: /siguiente|next/i }));
    expect(await screen.findByText('SKU-26')).toBeTruthy();
    expect(screen.getByText('26-50 de 2600')).toBeTruthy();
    expect(screen.queryByText('SKU-1')).toBeNull();
    expect(b2bProducts).toHaveBeenLastCalledWith(expect.objectContaining({ limit: 25, skip: 25 }));
  });
});
