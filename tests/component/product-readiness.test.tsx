/**
 * The product editor's «Preparación para marketplaces» panel over ra-data-fakerest: per marketplace the score
 * and each missing item with a link to where it is fixed (a tab of the editor, the generated texts, the rule);
 * a ready marketplace says «Preparado». The list shows the same scores in its «Preparado» column.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Missing } from '../../src/core/readiness/score';
import { productFixture, withProductApi } from './productsFixture';
import { renderScreen } from './renderScreen';
import '../../src/custom/productList/ProductList';
import '../../src/custom/productEditor/ProductEdit';

const TITULO = 'Taladro percutor 750 W';

const faltan: Missing[] = [
  { tipo: 'imagen', campo: 'multimedia', mensaje: 'Falta una imagen principal.', enlace: '/productos/10/2' },
  {
    tipo: 'textos',
    campo: 'titulo',
    mensaje: 'El texto generado «titulo» está sin revisar.',
    enlace: `/TextosGenerados?filter=${encodeURIComponent(JSON.stringify({ productoId: 10, marketplaceId: 2 }))}`,
  },
  {
    tipo: 'regla',
    campo: 'colorX',
    mensaje: 'La regla pide el campo «colorX», que no existe en el producto: corrija la regla.',
    enlace: '/reglas-preparacion/7',
  },
];

const readinessFixture = () => {
  const data = productFixture();
  data.MarketPlaces = [
    { id: 1, codigo: 'AMAZON', descripcion: 'Amazon' },
    { id: 2, codigo: 'LEROY', descripcion: 'Leroy Merlin' },
  ];
  data.preparacion = [
    { id: 1, empresaId: 1, productoId: 10, marketplaceId: 1, porcentaje: 100, faltan: '[]' },
    { id: 2, empresaId: 1, productoId: 10, marketplaceId: 2, porcentaje: 25, faltan: JSON.stringify(faltan) },
    { id: 3, empresaId: 1, productoId: 101, marketplaceId: 1, porcentaje: 100, faltan: '[]' },
    {
      id: 4,
      empresaId: 1,
      productoId: 101,
      marketplaceId: 2,
      porcentaje: 25,
      faltan: JSON.stringify(faltan),
    },
  ];
  return data;
};

describe('readiness panel in the product editor', () => {
  it('lists each missing item per marketplace with a link to where to fix it', async () => {
    const recorded = withProductApi({}, readinessFixture());
    renderScreen('/productos/10', { dataProvider: recorded.provider });
    await screen.findByDisplayValue(TITULO);
    const panel = await screen.findByRole('region', { name: 'Preparación para marketplaces' });

    const amazon = await within(panel).findByRole('region', { name: 'Preparación para AMAZON' });
    expect(within(amazon).getByTestId('readiness-score').textContent).toBe('Preparado · 100 %');
    expect(within(amazon).queryByRole('list')).toBeNull();

    const leroy = within(panel).getByRole('region', { name: 'Preparación para LEROY' });
    expect(within(leroy).getByTestId('readiness-score').textContent).toBe('25 %');
    const items = within(within(leroy).getByRole('list', { name: 'Falta para LEROY' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Falta una imagen principal.Corregir',
      'El texto generado «titulo» está sin revisar.Corregir',
      'La regla pide el campo «colorX», que no existe en el producto: corrija la regla.Corregir',
    ]);
    const links = within(leroy).getAllByRole('link', { name: 'Corregir' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#/productos/10/2',
      `#${faltan[1].enlace}`,
      '#/reglas-preparacion/7',
    ]);

    // the link opens the tab where the image is added
    fireEvent.click(links[0]);
    expect(await screen.findByRole('tab', { name: 'Multimedia', selected: true })).toBeTruthy();
  });

  it('the list shows «Preparado» per marketplace', async () => {
    const recorded = withProductApi({}, readinessFixture());
    renderScreen('/productos', { dataProvider: recorded.provider });
    await waitFor(() => {
      const row = screen.getAllByTestId('readiness').find((cell) => cell.textContent?.includes('AMAZON'));
      expect(row?.textContent).toBe('AMAZON: PreparadoLEROY: 25 %');
    });
  });
});

describe('readiness counts on the landing page (the product list)', () => {
  it('per marketplace with rules: ready and not ready, each count applying the «Preparado» filter', async () => {
    const data = readinessFixture();
    data['reglas-preparacion'] = [
      { id: 1, marketplaceId: 1, tipo: 'imagen' },
      { id: 2, marketplaceId: 2, tipo: 'gtin' },
    ];
    const recorded = withProductApi({}, data);
    renderScreen('/productos', { dataProvider: recorded.provider });
    const summary = await screen.findByRole('region', { name: 'Preparación por marketplace' });
    const amazon = await within(summary).findByRole('region', { name: 'Preparación para AMAZON' });
    expect(amazon.textContent).toBe('AMAZON2 preparados0 sin preparar');
    const leroy = within(summary).getByRole('region', { name: 'Preparación para LEROY' });
    expect(leroy.textContent).toBe('LEROY0 preparados2 sin preparar2 por debajo del 80 %');

    fireEvent.click(within(leroy).getByRole('button', { name: '2 por debajo del 80 %' }));
    await waitFor(() => expect(window.location.hash).toContain(encodeURIComponent('"preparado":"2:bajo"')));
  });

  it('without any rule: an empty state linking to the rules', async () => {
    const recorded = withProductApi({}, { ...readinessFixture(), 'reglas-preparacion': [] });
    renderScreen('/productos', { dataProvider: recorded.provider });
    const summary = await screen.findByRole('region', { name: 'Preparación por marketplace' });
    expect(await within(summary).findByText(/Ningún marketplace tiene reglas de preparación/)).toBeTruthy();
    expect(
      within(summary).getByRole('link', { name: 'Definir reglas de preparación' }).getAttribute('href'),
    ).toBe('#/reglas-preparacion');
    expect(within(summary).queryByRole('region')).toBeNull();
  });
});
