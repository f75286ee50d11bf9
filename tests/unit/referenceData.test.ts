/**
 * The pure rules behind the reference-data screens: range overlap (docs/requirements.md#r5-validation), save normalisation shared with the
 * CSV import (docs/requirements.md#r5-validation), lenient form fields, date order, the two-level category tree, the categories an
 * attribute edit removes, and run-time registered schemas.
 */
import { describe, expect, it } from 'vitest';
import { parseFlexibleDate, toInteger, toSN } from '../../src/core/csv/normalize';
import { normalizeTableRow } from '../../src/resources/csvTables';
import {
  categoryKey,
  inCategories,
  isTipoCategoria,
  overlapMessage,
  spanishDay,
  splitCategories,
  TIPO_NO_VALIDO,
} from '../../src/core/referenceData/contract';
import { requireParam } from '../../src/dataProvider/referenceData';
import { removedCategories } from '../../src/resources/atributos/categoryRemoval';
import { buildTree, CATEGORY_MESSAGES, placementError, type CategoryRow } from '../../src/core/categoryTree';
import { defineResource, id, str } from '../../src/resources/fields';
import {
  formatLenient,
  LENIENT_DATE_MESSAGE,
  lenientError,
  normalizeForSave,
} from '../../src/resources/generic/lenient';
import { rangesOverlap, type RangeLike } from '../../src/core/rangeOverlap';
import {
  allSchemas,
  registerSchemas,
  registry,
  schemaFor,
  schemaForTable,
  withSchemas,
} from '../../src/resources/registry';
import { dateOrderErrors } from '../../src/resources/rules';
import type { FieldSchema } from '../../src/resources/types';

const schema = (name: string) => {
  const found = schemaFor(name);
  if (!found) throw new Error(name);
  return found;
};
const field = (resource: string, name: string): FieldSchema => {
  const found = schema(resource).fields.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${resource}.${name}`);
  return found;
};

describe('rangesOverlap: edge cases (docs/requirements.md#r5-validation)', () => {
  const base: RangeLike = {
    id: 7,
    skuProducto: 'SKU-A',
    clubId: 3,
    desdeFecha: '2026-03-01T00:00:00.000Z',
    hastaFecha: '2026-03-31T00:00:00.000Z',
  };
  const candidate = (desde: string, hasta: string, extra: Partial<RangeLike> = {}): RangeLike => ({
    skuProducto: 'SKU-A',
    clubId: 3,
    desdeFecha: desde,
    hastaFecha: hasta,
    ...extra,
  });

  it('touching on the first or the last day overlaps; the day after or before does not', () => {
    expect(rangesOverlap([base], candidate('2026-03-31', '2026-04-15'))).toBe(true);
    expect(rangesOverlap([base], candidate('2026-02-15', '2026-03-01'))).toBe(true);
    expect(rangesOverlap([base], candidate('2026-04-01', '2026-04-15'))).toBe(false);
    expect(rangesOverlap([base], candidate('2026-02-01', '2026-02-28'))).toBe(false);
  });

  it('contained, containing and identical ranges overlap; a one-day range inside overlaps', () => {
    expect(rangesOverlap([base], candidate('2026-03-10', '2026-03-20'))).toBe(true);
    expect(rangesOverlap([base], candidate('2026-01-01', '2026-12-31'))).toBe(true);
    expect(rangesOverlap([base], candidate('2026-03-01', '2026-03-31'))).toBe(true);
    expect(rangesOverlap([base], candidate('2026-03-15', '2026-03-15'))).toBe(true);
  });

  it('another club, another sku (exact, case included) never overlaps; the club id may be text', () => {
    expect(rangesOverlap([base], candidate('2026-03-10', '2026-03-20', { clubId: 4 }))).toBe(false);
    expect(rangesOverlap([base], candidate('2026-03-10', '2026-03-20', { skuProducto: 'SKU-B' }))).toBe(
      false,
    );
    expect(rangesOverlap([base], candidate('2026-03-10', '2026-03-20', { skuProducto: 'sku-a' }))).toBe(
      false,
    );
    expect(rangesOverlap([base], candidate('2026-03-10', '2026-03-20', { clubId: '3' }))).toBe(true);
  });

  it('only the date part counts: times on either side are ignored', () => {
    expect(rangesOverlap([base], candidate('2026-03-31T23:59:59.999Z', '2026-04-02T00:00:00.000Z'))).toBe(
      true,
    );
    expect(rangesOverlap([base], candidate('2026-04-01T00:00:00.000Z', '2026-04-02T23:00:00.000Z'))).toBe(
      false,
    );
  });

  it('the record being edited is not compared with itself; any clashing row among several counts', () => {
    expect(rangesOverlap([base], candidate('2026-03-05', '2026-03-06', { id: 7 }))).toBe(false);
    const other = { ...base, id: 8, desdeFecha: '2026-05-01', hastaFecha: '2026-05-31' };
    expect(rangesOverlap([base, other], candidate('2026-05-31', '2026-06-30', { id: 7 }))).toBe(true);
    expect(rangesOverlap([], candidate('2026-03-05', '2026-03-06'))).toBe(false);
  });

  it('the refusal message names the clashing range in dd/mm/yyyy', () => {
    expect(overlapMessage(base)).toBe(
      'El rango se solapa con otro del mismo producto y club (del 01/03/2026 al 31/03/2026).',
    );
    expect(spanishDay(new Date(Date.UTC(2026, 0, 5)))).toBe('05/01/2026');
  });
});

describe('normalisation shared by import and forms (docs/requirements.md#r5-validation)', () => {
  it('dates: every accepted format becomes midnight UTC ISO', () => {
    const expected = '2024-03-07T00:00:00.000Z';
    for (const text of [
      '2024-03-07T00:00:00.000Z',
      '2024-03-07T15:45:10.123Z',
      '07/03/2024',
      '7/3/2024',
      '2024/03/07',
      '2024/3/7',
      '07-03-2024',
      '7-3-2024',
      '2024-03-07',
      '2024-3-7',
      '  07/03/2024  ',
    ]) {
      expect(parseFlexibleDate(text), text).toBe(expected);
    }
  });

  it('dates: impossible days, other formats and non-text give null', () => {
    for (const text of [
      '31/02/2024',
      '29/02/2023',
      '00/01/2024',
      '32/01/2024',
      '12/13/2024',
      '2024-02-30',
      '2024-03-07T00:00:00Z',
      '2024.03.07',
      '07/03/24',
      'mañana',
      '',
    ]) {
      expect(parseFlexibleDate(text), text).toBeNull();
    }
    expect(parseFlexibleDate('29/02/2024')).toBe('2024-02-29T00:00:00.000Z');
    for (const value of [null, undefined, 20240307, {}]) expect(parseFlexibleDate(value)).toBeNull();
  });

  it('intercambiable: si, sí, s, true (any case) → S; no, n, false → N; anything else → null', () => {
    for (const yes of ['si', 'SI', 'Sí', 'sí', 'SÍ', 's', 'S', 'true', 'TRUE', ' True ', true]) {
      expect(toSN(yes), String(yes)).toBe('S');
    }
    for (const no of ['no', 'NO', 'No', 'n', 'N', 'false', 'FALSE', false])
      expect(toSN(no), String(no)).toBe('N');
    for (const other of ['x', 'yes', '1', '0', '', null, undefined, 1]) expect(toSN(other)).toBeNull();
  });

  it('integers: numbers and numeric text become integers; anything else null', () => {
    expect(toInteger('3')).toBe(3);
    expect(toInteger(' 12 ')).toBe(12);
    expect(toInteger('2,0')).toBe(2);
    expect(toInteger(4)).toBe(4);
    expect(toInteger('-1')).toBe(-1);
    for (const bad of ['tres', '', '  ', null, undefined, Number.NaN, '3a'])
      expect(toInteger(bad)).toBeNull();
  });

  it('normalizeRow per table: atributos codigo, ensamblados cantidad, repuestos posicion and dates, sustitutos', () => {
    expect(normalizeTableRow('atributos', { codigo: '1001', nombre: 'Peso' })).toEqual({
      codigo: 1001,
      nombre: 'Peso',
    });
    expect(normalizeTableRow('ensamblados', { cantidad: '2' })).toEqual({ cantidad: 2 });
    expect(
      normalizeTableRow('repuestos', { posicion: '5', fechaInicio: '01/02/2026', fechaFin: 'x' }),
    ).toEqual({
      posicion: 5,
      fechaInicio: '2026-02-01T00:00:00.000Z',
      fechaFin: null,
    });
    expect(
      normalizeTableRow('sustitutos', {
        intercambiable: 'sí',
        fechaInicio: '2026/02/01',
        fechaFin: '28-02-2026',
      }),
    ).toEqual({
      intercambiable: 'S',
      fechaInicio: '2026-02-01T00:00:00.000Z',
      fechaFin: '2026-02-28T00:00:00.000Z',
    });
  });
});

describe('lenient form fields and save normalisation (same functions as the import)', () => {
  const fechaInicio = field('Sustitutos', 'fechaInicio');
  const cantidad = field('Ensamblados', 'cantidad');

  it('a date field accepts every import format and refuses impossible dates with a Spanish message', () => {
    expect(lenientError(fechaInicio, '07/03/2026')).toBeUndefined();
    expect(lenientError(fechaInicio, '2026-03-07')).toBeUndefined();
    expect(lenientError(fechaInicio, '')).toBeUndefined();
    expect(lenientError(fechaInicio, '31/02/2024')).toBe(LENIENT_DATE_MESSAGE);
    expect(lenientError(fechaInicio, 'el lunes')).toBe(LENIENT_DATE_MESSAGE);
    expect(LENIENT_DATE_MESSAGE).toBe('Fecha no válida: use dd/mm/aaaa (también aaaa-mm-dd).');
  });

  it('an integer field refuses non-numeric and decimal text', () => {
    expect(lenientError(cantidad, '3')).toBeUndefined();
    expect(lenientError(cantidad, ' 12 ')).toBeUndefined();
    expect(lenientError(cantidad, 3)).toBeUndefined();
    for (const bad of ['tres', '2.5', '2,5', '3a', 2.5])
      expect(lenientError(cantidad, bad)).toBe('pim.validation.integer');
  });

  it('stored dates show as dd/mm/yyyy; typed text stays as typed', () => {
    expect(formatLenient(fechaInicio, '2026-03-07T00:00:00.000Z')).toBe('07/03/2026');
    expect(formatLenient(fechaInicio, '7/3/26')).toBe('7/3/26');
    expect(formatLenient(fechaInicio, null)).toBe('');
    expect(formatLenient(cantidad, 4)).toBe('4');
  });

  it('normalizeForSave: sustitutos, ensamblados, repuestos and products per range', () => {
    expect(
      normalizeForSave(schema('Sustitutos'), {
        skuPrincipal: 'A',
        fechaInicio: '07/03/2026',
        fechaFin: '',
        intercambiable: 'S',
      }),
    ).toEqual({
      skuPrincipal: 'A',
      fechaInicio: '2026-03-07T00:00:00.000Z',
      fechaFin: null,
      intercambiable: 'S',
    });
    expect(normalizeForSave(schema('Ensamblados'), { cantidad: ' 3 ' })).toEqual({ cantidad: 3 });
    expect(normalizeForSave(schema('Repuestos'), { posicion: '2', fechaFin: '2026/12/31' })).toEqual({
      posicion: 2,
      fechaFin: '2026-12-31T00:00:00.000Z',
    });
    expect(
      normalizeForSave(schema('ProductosPorRango'), { desdeFecha: '01-04-2026', hastaFecha: '2026-04-30' }),
    ).toEqual({ desdeFecha: '2026-04-01T00:00:00.000Z', hastaFecha: '2026-04-30T00:00:00.000Z' });
    // attributes: codigo becomes an integer (normalizeTableRow('atributos'))
    expect(normalizeForSave(schema('atributos'), { codigo: '1007' })).toEqual({ codigo: 1007 });
    // untouched schemas pass through
    expect(normalizeForSave(schema('Marca'), { nombre: ' x ' })).toEqual({ nombre: ' x ' });
  });
});

describe('date order (notBefore)', () => {
  it('an end before its start is an error on the end field; equal days and open ends are fine', () => {
    const sustitutos = schema('Sustitutos');
    expect(
      dateOrderErrors(sustitutos, {
        fechaInicio: '2026-03-10T00:00:00.000Z',
        fechaFin: '2026-03-09T00:00:00.000Z',
      }),
    ).toEqual({ fechaFin: '«Fecha de fin» no puede ser anterior a «Fecha de inicio».' });
    expect(
      dateOrderErrors(sustitutos, { fechaInicio: '2026-03-10', fechaFin: '2026-03-10T00:00:00.000Z' }),
    ).toEqual({});
    expect(dateOrderErrors(sustitutos, { fechaInicio: '2026-03-10', fechaFin: null })).toEqual({});
    expect(
      dateOrderErrors(schema('ProductosPorRango'), { desdeFecha: '2026-05-02', hastaFecha: '2026-05-01' }),
    ).toEqual({ hastaFecha: '«Hasta» no puede ser anterior a «Desde».' });
  });
});

describe('category tree (two levels under master)', () => {
  const rows: CategoryRow[] = [
    { id: 1, codigo: 'master', padre: null, nombre: 'Catálogo' },
    { id: 2, codigo: 'HEL', padre: 'master', nombre: 'Herramientas eléctricas' },
    { id: 3, codigo: 'HEL-TAL', padre: 'HEL', nombre: 'Taladros' },
    { id: 4, codigo: 'HEL-AMO', padre: 'HEL', nombre: 'Amoladoras' },
    { id: 5, codigo: 'JAR', padre: 'master', nombre: 'Jardín' },
    { id: 6, codigo: 'OLD', padre: 'NOPE', nombre: 'Huérfana' },
  ];

  it('builds root, top-level categories with sorted subcategories, and orphans', () => {
    const tree = buildTree(rows);
    expect(tree.root?.codigo).toBe('master');
    expect(tree.tops.map((node) => node.category.codigo)).toEqual(['HEL', 'JAR']);
    expect(tree.tops[0].children.map((child) => child.nombre)).toEqual(['Amoladoras', 'Taladros']);
    expect(tree.orphans.map((row) => row.codigo)).toEqual(['OLD']);
  });

  it('accepts a top-level category, a subcategory and a move between top-level categories', () => {
    expect(placementError({ codigo: 'NEW', nombre: 'N', padre: 'master' }, rows)).toBeUndefined();
    expect(placementError({ codigo: 'JAR-CES', nombre: 'Césped', padre: 'JAR' }, rows)).toBeUndefined();
    expect(placementError({ ...rows[2], padre: 'JAR' }, rows)).toBeUndefined();
    expect(placementError({ ...rows[2], nombre: 'Taladros percutores' }, rows)).toBeUndefined();
  });

  it('refuses a third level, an unknown or missing parent, its own parent, a parent moved under another', () => {
    expect(placementError({ codigo: 'X', nombre: 'X', padre: 'HEL-TAL' }, rows)).toEqual({
      field: 'padre',
      message: CATEGORY_MESSAGES.tooDeep,
    });
    expect(placementError({ codigo: 'X', nombre: 'X', padre: 'ZZZ' }, rows)?.message).toBe(
      'La categoría padre «ZZZ» no existe.',
    );
    expect(
      placementError({ codigo: 'X', nombre: 'X', padre: 'ZZZ' }, rows, { allowUnknownParent: true }),
    ).toBeUndefined();
    expect(placementError({ codigo: 'X', nombre: 'X', padre: '' }, rows)?.message).toBe(
      CATEGORY_MESSAGES.missingParent,
    );
    expect(placementError({ ...rows[4], padre: 'JAR' }, rows)?.message).toBe(CATEGORY_MESSAGES.ownParent);
    expect(placementError({ ...rows[1], padre: 'JAR' }, rows)).toEqual({
      field: 'padre',
      message: 'Una categoría con subcategorías solo puede colgar de master.',
    });
    expect(placementError({ ...rows[1], codigo: 'HEL2' }, rows)).toEqual({
      field: 'codigo',
      message: CATEGORY_MESSAGES.codeWithChildren,
    });
    expect(placementError({ ...rows[0], padre: 'HEL' }, rows)?.message).toBe(CATEGORY_MESSAGES.rootFixed);
    expect(placementError({ ...rows[0], nombre: 'Todo' }, rows)).toBeUndefined();
  });
});

describe('categories of an attribute', () => {
  it('lists (comma or semicolon) and compares case- and space-insensitively', () => {
    expect(splitCategories('Taladros, Sierras;  Amoladoras ,')).toEqual([
      'Taladros',
      'Sierras',
      'Amoladoras',
    ]);
    expect(splitCategories(null)).toEqual([]);
    expect(inCategories('Taladros; Sierras', new Set([categoryKey(' SIERRAS ')]))).toBe(true);
    expect(inCategories('Taladros; Sierras', new Set(['sierra']))).toBe(false);
  });

  it('removedCategories: the categories an edit takes out, once each', () => {
    expect(removedCategories('Taladros,Sierras,Amoladoras', 'taladros, Amoladoras')).toEqual(['Sierras']);
    expect(removedCategories('Taladros,Sierras', 'Taladros,Sierras,Lijadoras')).toEqual([]);
    expect(removedCategories('A,B,a', '')).toEqual(['A', 'B']);
    expect(removedCategories(undefined, 'A')).toEqual([]);
  });

  it("the category query accepts only 'categoria' and 'subcategoria'", () => {
    expect(isTipoCategoria('categoria')).toBe(true);
    expect(isTipoCategoria('subcategoria')).toBe(true);
    expect(isTipoCategoria('Categoria')).toBe(false);
    expect(isTipoCategoria('familia')).toBe(false);
    expect(TIPO_NO_VALIDO).toBe('Tipo no válido');
  });

  it('required path parameters name themselves (docs/requirements.md#r5-validation client call rule)', () => {
    expect(() => requireParam(undefined, 'atributoId', 'compruebaAtributosEnProductosPorCategoria')).toThrow(
      'Required parameter atributoId was null or undefined when calling compruebaAtributosEnProductosPorCategoria.',
    );
    expect(() => requireParam('  ', 'categoriaNombre', 'x')).toThrow('Required parameter categoriaNombre');
    expect(requireParam('Taladros y brocas/2', 'categoriaNombre', 'x')).toBe('Taladros%20y%20brocas%2F2');
  });
});

describe('schemas registered at run time', () => {
  it('are found like registry schemas until removed', () => {
    const almacenes = defineResource({
      name: 'AlmacenesUnit',
      model: 'AlmacenUnit',
      label: 'Almacén',
      labelPlural: 'Almacenes',
      names: {
        en: ['Warehouse', 'Warehouses'],
        de: ['Lager', 'Lager'],
        fr: ['Entrepôt', 'Entrepôts'],
        pt: ['Armazém', 'Armazéns'],
      },
      table: 'almacenes_unit',
      fields: [id(), str('nombre', 'Nombre', { required: true })],
      menu: { group: 'configuracion', icon: 'Inventory2' },
    });
    expect(schemaFor('AlmacenesUnit')).toBeUndefined();
    const remove = registerSchemas(almacenes);
    expect(schemaFor('AlmacenesUnit')).toBe(almacenes);
    expect(allSchemas()).toEqual([...registry, almacenes]);
    // registering twice or re-registering a registry name adds nothing
    registerSchemas(almacenes, registry[0]);
    expect(allSchemas()).toHaveLength(registry.length + 1);
    remove();
    expect(schemaFor('AlmacenesUnit')).toBeUndefined();
    expect(allSchemas()).toBe(registry);
  });

  it('a declaration named like a registry resource replaces it in its place, and removing it restores it', () => {
    const productos = schemaFor('productos')!;
    const heavier = {
      ...productos,
      fields: [...productos.fields, { name: 'pesoKg', type: 'number' as const, label: 'Peso (kg)' }],
    };
    const remove = registerSchemas(heavier);
    expect(schemaFor('productos')).toBe(heavier);
    expect(schemaForTable('productos')).toBe(heavier);
    expect(allSchemas()).toHaveLength(registry.length);
    expect(allSchemas().indexOf(heavier)).toBe(registry.indexOf(productos));
    expect(withSchemas(registry, [heavier])).toEqual(allSchemas());
    remove();
    expect(schemaFor('productos')).toBe(productos);
    expect(allSchemas()).toBe(registry);
    // a replacement with problems is refused, naming the schema and the field
    expect(() =>
      registerSchemas({
        ...productos,
        fields: [
          ...productos.fields,
          { name: 'marcaId', type: 'reference' as const, label: 'Marca', reference: 'nada' },
        ],
      }),
    ).toThrow(/productos\.marcaId/);
    expect(schemaFor('productos')).toBe(productos);
  });
});
