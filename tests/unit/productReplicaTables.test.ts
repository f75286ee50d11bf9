// @vitest-environment node
/**
 * The product's child tables and what its replica copies come from the schemas: every table with a reference to
 * productos is a child (removed with the product); those declaring `replicatedWith: 'productos'` are copied.
 */
import { describe, expect, it } from 'vitest';
import { productChildTables } from '../../server/features/products/children';
import { PRODUCT_CHILDREN } from '../../server/features/products/replica';
import { registry } from '../../src/resources/registry';

describe('product children from the schemas', () => {
  it('the replica copies the six declared child tables, each a real child of productos', () => {
    const children = productChildTables(registry);
    expect(PRODUCT_CHILDREN.map(([resource]) => resource).sort()).toEqual([
      'ProductoIconos',
      'producto-atributos',
      'producto-caracteristicas',
      'producto-datos-catalogo',
      'producto-generals',
      'producto-multimedias',
    ]);
    for (const child of PRODUCT_CHILDREN) expect(children).toContainEqual(child);
    expect(PRODUCT_CHILDREN).toContainEqual(['ProductoIconos', 'idProducto']);
  });

  it('children that are not copied (generated texts, catalogue links) are still removed with the product', () => {
    const copied = new Set(PRODUCT_CHILDREN.map(([resource]) => resource));
    const onlyRemoved = productChildTables(registry).filter(([resource]) => !copied.has(resource));
    expect(onlyRemoved.length).toBeGreaterThan(0);
  });
});
