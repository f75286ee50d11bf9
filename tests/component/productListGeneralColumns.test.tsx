/**
 * The product list asks for the general data (título, marca, EAN) only while one of those columns is shown
 * (issue 16): none while they are hidden, one request for the page once one is chosen, none again when hidden.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { productFixture, withProductApi } from './productsFixture';
import { renderScreen } from './renderScreen';
import '../../src/custom/productList/ProductList';

describe('product list general data columns', () => {
  it('no producto-generals request while Título, Marca and EAN are hidden', async () => {
    const data = productFixture();
    data['producto-generals'] = [{ id: 70, productoId: 103, titulo: 'Lámpara', marca: 'Perforex' }];
    const recorded = withProductApi({}, data);
    const getList = vi.spyOn(recorded.provider, 'getList');
    const generals = () => getList.mock.calls.filter(([resource]) => resource === 'producto-generals');
    renderScreen('/productos', { dataProvider: recorded.provider });
    await screen.findByText('PRD-01');
    // the page's other per-page requests have been made by now
    await waitFor(() => expect(screen.getAllByTestId('review-status').length).toBeGreaterThan(0));
    expect(generals()).toHaveLength(0);

    // the list's toolbar renders in the pass after the first one
    fireEvent.click(await screen.findByRole('button', { name: /columnas/i }));
    fireEvent.click(await screen.findByLabelText('Marca'));
    await waitFor(() =>
      expect(screen.getAllByTestId('general-marca').map((cell) => cell.textContent)).toContain('Perforex'),
    );
    expect(generals()).toHaveLength(1);
    expect(generals()[0][1].filter).toMatchObject({ productoId: expect.any(Array) });
  });
});
