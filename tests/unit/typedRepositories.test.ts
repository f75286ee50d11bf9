/**
 * Record types come from the declarations (src/resources/types.ts RecordOf, registry.ts EntityOf) and the API's
 * repositories are typed by them (server/repository-set.ts). The type checks here fail `npm run typecheck`
 * (part of `npm test`) when a declaration and its type drift apart.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { productoMultimedia } from '../../src/resources/productoMultimedia/schema';
import { productos } from '../../src/resources/productos/schema';
import type { EntityOf } from '../../src/resources/registry';
import type { RecordOf } from '../../src/resources/types';
import type { RepositoryOf, RepositorySet, StoredRecord } from '../../server/repository-set';

describe('record types derived from the declarations', () => {
  it('every declared field is a key of the record, of its type', () => {
    // compiles only while every declared name is a key of the derived record
    const names: (keyof EntityOf<'productos'>)[] = productos.fields.map((field) => field.name);
    expect(names).toEqual(expect.arrayContaining(['id', 'empresaId', 'nombre', 'sincronizarConBC']));
    expect(new Set(names).size).toBe(productos.fields.length);
    expectTypeOf<EntityOf<'productos'>['nombre']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<EntityOf<'productos'>['empresaId']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<EntityOf<'productos'>>().toEqualTypeOf<RecordOf<typeof productos>>();
    // in the API: a stored record has its id, dates are read as Date
    expectTypeOf<StoredRecord<'productos'>['id']>().toEqualTypeOf<number>();
    expectTypeOf<StoredRecord<'productos'>['fechaCreacion']>().toEqualTypeOf<
      Date | string | null | undefined
    >();
  });

  it('a field built with a computed name keeps its literal name (the prompt slots)', () => {
    expectTypeOf<EntityOf<'MarketPlacePrompts'>['promptCampoTres']>().toEqualTypeOf<
      string | null | undefined
    >();
    const slots = productoMultimedia.fields.filter((field) => field.name === 'principalSN');
    expect(slots).toHaveLength(1);
  });

  it('a typed repository refuses undeclared fields and values of another type', () => {
    const calls = (repo: RepositoryOf<'producto-multimedias'>) => {
      void repo.find({ where: { productoId: 1, tipo: 'Imagen' } });
      // @ts-expect-error producto-multimedias declares no field `colour`
      void repo.find({ where: { colour: 'rojo' } });
      // @ts-expect-error `nombre` is text
      void repo.create({ nombre: 5 });
    };
    // repository(name) answers that repository for a registered name
    const fromSet = (set: RepositorySet): RepositoryOf<'producto-multimedias'> =>
      set.repository('producto-multimedias');
    expect([calls, fromSet].map((f) => typeof f)).toEqual(['function', 'function']);
  });

  it('repository(name) is checked: rows, wheres, writes and hooks name declared fields only', () => {
    const uses = async (set: RepositorySet) => {
      const products = set.repository('productos');
      const [row] = await products.find({ where: { nombre: 'A-1' } });
      expectTypeOf(row.nombre).toEqualTypeOf<string | null | undefined>();
      expectTypeOf(row.id).toEqualTypeOf<number>();
      // @ts-expect-error productos declares no field `nombrre` (a misspelled field of a typed row)
      void row.nombrre;
      // @ts-expect-error a where on an undeclared field
      await products.count({ nombrre: 'A-1' });
      // @ts-expect-error `empresaId` is a number
      await products.updateById(1, { empresaId: 'uno' });
      products.addHooks({
        async beforeWrite(written) {
          expectTypeOf(written.sincronizarConBC).toEqualTypeOf<string | null | undefined>();
          // @ts-expect-error hooks see the declared record too
          void written.sku;
        },
      });
      // a name known only at run time gets the plain repository; a typed one offers it as `.untyped`
      const dynamic: string = 'productos';
      expectTypeOf(set.repository(dynamic)).toEqualTypeOf(products.untyped);
    };
    expect(typeof uses).toBe('function');
  });
});
