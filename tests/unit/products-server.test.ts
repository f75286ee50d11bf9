// @vitest-environment node
/** The reference API's pure product rules: the volume check of the manual sync and replica naming. */
import { describe, expect, it } from 'vitest';
import { hasVolume, numberIn, productVolume } from '../../server/erp/volume';
import { replicaCandidates, rewriteMediaPath } from '../../server/features/products/replica';

describe('volume check (docs/requirements.md#r7-api, #r8-errors)', () => {
  it('reads Spanish and plain decimals', () => {
    expect(numberIn('1.234,5')).toBe(1234.5);
    expect(numberIn('12.5')).toBe(12.5);
    expect(numberIn('1.200')).toBe(1200);
    expect(numberIn('35 cm')).toBe(35);
    expect(numberIn('')).toBeUndefined();
  });

  it('volume from Largo/Ancho/Alto (units converted), else from dimensiones; none → 0 → no volume', () => {
    const attrs = [
      { nombre: 'Largo', valor: '20', unidad: 'cm' },
      { nombre: ' ancho ', valor: '100', unidad: 'mm' },
      { nombre: 'ALTO', valor: '0,5', unidad: 'm' },
    ];
    expect(productVolume(attrs)).toBe(20 * 10 * 50);
    expect(productVolume([], '120 x 40 x 35 cm')).toBe(120 * 40 * 35);
    expect(productVolume([{ nombre: 'Largo', valor: '20' }], null)).toBe(0);
    expect(hasVolume(productVolume([], null))).toBe(false);
    expect(
      hasVolume(
        productVolume([
          { nombre: 'Largo', valor: '-2' },
          { nombre: 'Ancho', valor: '3' },
          { nombre: 'Alto', valor: '4' },
        ]),
      ),
    ).toBe(false);
  });
});

describe('replica (docs/requirements.md#r7-api GET /productos/replica/{id})', () => {
  it('names the copy {nombre}-COPIA, then -COPIA-2…, within 100 characters', () => {
    expect(replicaCandidates('SKU-1', 3)).toEqual(['SKU-1-COPIA', 'SKU-1-COPIA-2', 'SKU-1-COPIA-3']);
    const long = 'X'.repeat(100);
    expect(replicaCandidates(long, 2).every((name) => name.length <= 100)).toBe(true);
  });

  it("moves media paths to the copy's folder", () => {
    expect(rewriteMediaPath('multimedia/A/800x600_A.png', 'A', 'A-COPIA')).toBe(
      'multimedia/A-COPIA/800x600_A.png',
    );
    expect(rewriteMediaPath('https://cdn/x.png', 'A', 'B')).toBe('https://cdn/x.png');
    expect(rewriteMediaPath(null, 'A', 'B')).toBeNull();
  });
});

describe('deleting a product removes all its data', () => {
  it('the child tables are every stored resource referencing productos, generated texts and catalogue links included', async () => {
    const { productChildTables } = await import('../../server/features/products/children');
    const { registry } = await import('../../src/resources/registry');
    const tables = productChildTables(registry);
    expect(tables).toEqual(
      expect.arrayContaining([
        ['producto-generals', 'productoId'],
        ['producto-atributos', 'productoId'],
        ['producto-multimedias', 'productoId'],
        ['ProductoIconos', 'idProducto'],
        ['producto-datos-catalogo', 'productoId'],
        ['producto-caracteristicas', 'productoId'],
        ['catalogos-productos', 'productoId'],
        ['TextosGenerados', 'productoId'],
        ['ProductosGeneracionTextos', 'productoId'],
      ]),
    );
    // neither the product itself nor read-only views
    expect(tables.map(([resource]) => resource)).not.toContain('productos');
    expect(tables.map(([resource]) => resource)).not.toContain('B2bProductos');
  });
});
