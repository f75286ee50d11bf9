/** The two lists' filters → where of the listing endpoints; sorting limited to product columns. */
import { describe, expect, it } from 'vitest';
import { listingOrder, listingWhere } from '../../src/custom/catalogueProducts/filters';

describe('listingWhere', () => {
  it('name and category are "contains"; brand and grouping reference are exact', () => {
    expect(
      listingWhere({
        nombre: ' taladro ',
        categorias: 'Herramientas',
        marca: 'Brikolia',
        referenciaAgrupacion: 'AGR-1',
      }),
    ).toEqual({
      nombre: { like: '%taladro%' },
      categorias: { like: '%Herramientas%' },
      marca: 'Brikolia',
      referenciaAgrupacion: 'AGR-1',
    });
  });

  it('empty, blank, null and missing values mean no filter; unknown keys are ignored', () => {
    expect(
      listingWhere({ nombre: '', categorias: '   ', marca: null, referenciaAgrupacion: undefined }),
    ).toEqual({});
    expect(listingWhere(undefined)).toEqual({});
    expect(listingWhere({ catalogoId: 3, q: 'x' } as never)).toEqual({});
  });

  it('numbers are searched as text', () => {
    expect(listingWhere({ nombre: 123 })).toEqual({ nombre: { like: '%123%' } });
    // typed wildcards are literal: «50%» is not «everything starting with 50»
    expect(listingWhere({ nombre: '50%_x' })).toEqual({ nombre: { like: '%50\\%\\_x%' } });
  });
});

describe('listingOrder', () => {
  it('sorts by product columns, nombre ASC by default', () => {
    expect(listingOrder(undefined)).toEqual(['nombre ASC']);
    expect(listingOrder({ field: 'categorias', order: 'DESC' })).toEqual(['categorias DESC']);
    expect(listingOrder({ field: 'nombre', order: 'asc' })).toEqual(['nombre ASC']);
  });

  it('columns of the general record (brand, reference) fall back to nombre', () => {
    expect(listingOrder({ field: 'marca', order: 'DESC' })).toEqual(['nombre DESC']);
    expect(listingOrder({ field: 'referenciaAgrupacion', order: 'ASC' })).toEqual(['nombre ASC']);
  });
});
