/**
 * The product list finds any product (issue 16) over ra-data-fakerest, with the fixture applying the API's rule
 * (src/core/productSearch.ts): the search box sends its text as the list's `q`, which the data provider maps to
 * `where.buscar`; a title word, an EAN or a brand finds the product, accents and case aside; title, brand and
 * EAN are columns of the chooser, hidden at first, filled from ONE request per page.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_MAX_LENGTH } from '../../src/core/productSearch';
import { filterToWhere } from '../../src/dataProvider/where';
import { productos } from '../../src/resources/productos/schema';
import { productFixture, withProductApi } from './productsFixture';
import { renderScreen } from './renderScreen';
import '../../src/custom/productList/ProductList';

const EAN = '8412345678905';
const names = () =>
  [...document.querySelectorAll('tbody tr')].map((row) => row.querySelector('td.column-nombre')?.textContent);

const searchFixture = () => {
  const data = productFixture();
  data['producto-generals'] = [
    { id: 70, productoId: 10, titulo: 'Taladro percutor 750 W', marca: 'Perforex', ean: EAN },
    { id: 71, productoId: 103, titulo: 'Lámpara de Iluminación', marca: 'Lumen' },
  ];
  return data;
};

describe('product search', () => {
  it('the search box sends the text as `q`, mapped to the API’s `buscar`', async () => {
    const recorded = withProductApi({}, searchFixture());
    const getList = vi.spyOn(recorded.provider, 'getList');
    renderScreen('/productos', { dataProvider: recorded.provider });
    await screen.findByText('PRD-01');
    fireEvent.change(await screen.findByLabelText('Buscar'), { target: { value: 'iluminacion' } });
    await waitFor(() => expect(names()).toEqual(['PRD-03']));
    const sent = getList.mock.calls.filter(([resource]) => resource === 'productos').at(-1)?.[1].filter;
    expect(sent).toMatchObject({ q: 'iluminacion' });
    expect(filterToWhere(productos, sent)).toEqual({ buscar: 'iluminacion' });
    expect(screen.getByLabelText('Buscar').getAttribute('maxlength')).toBe('100');
  });

  it('a text cut at the limit (a longer paste) is said under the box, not searched unsaid', async () => {
    const recorded = withProductApi({}, searchFixture());
    renderScreen('/productos', { dataProvider: recorded.provider });
    await screen.findByText('PRD-01');
    const box = await screen.findByLabelText('Buscar');
    const note = `La búsqueda admite como mucho ${SEARCH_MAX_LENGTH} caracteres: se buscan los primeros.`;
    fireEvent.change(box, { target: { value: 'x'.repeat(SEARCH_MAX_LENGTH - 1) } });
    await waitFor(() => expect(names()).toEqual([]));
    expect(screen.queryByText(note)).toBeNull();
    // the browser keeps the first SEARCH_MAX_LENGTH characters of what is typed or pasted (maxlength)
    fireEvent.change(box, { target: { value: 'x'.repeat(SEARCH_MAX_LENGTH) } });
    expect(await screen.findByText(note)).toBeTruthy();
    fireEvent.change(box, { target: { value: 'taladro' } });
    await waitFor(() => expect(names()).toEqual(['SKU-10']));
    expect(screen.queryByText(note)).toBeNull();
  });

  it('finds by an EAN and by a brand', async () => {
    const recorded = withProductApi({}, searchFixture());
    renderScreen('/productos', { dataProvider: recorded.provider });
    await screen.findByText('PRD-01');
    fireEvent.change(await screen.findByLabelText('Buscar'), { target: { value: EAN } });
    await waitFor(() => expect(names()).toEqual(['SKU-10']));
    fireEvent.change(await screen.findByLabelText('Buscar'), { target: { value: 'LUMEN' } });
    await waitFor(() => expect(names()).toEqual(['PRD-03']));
  });

  it('title, brand and EAN are columns of the chooser, hidden at first, from one request per page', async () => {
    const recorded = withProductApi({}, searchFixture());
    const getList = vi.spyOn(recorded.provider, 'getList');
    renderScreen('/productos', { dataProvider: recorded.provider });
    await screen.findByText('PRD-01');
    expect(document.querySelector('th.column-titulo')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /columnas/i }));
    for (const label of ['Título', 'Marca', 'EAN']) fireEvent.click(await screen.findByLabelText(label));
    await waitFor(() => expect(screen.getAllByTestId('general-titulo').length).toBeGreaterThan(0));
    const generals = getList.mock.calls.filter(([resource]) => resource === 'producto-generals');
    expect(generals).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getAllByTestId('general-marca').map((cell) => cell.textContent)).toContain('Lumen'),
    );
  });
});
