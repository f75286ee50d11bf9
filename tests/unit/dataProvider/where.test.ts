import { describe, expect, it } from 'vitest';
import { andWhere, dayRange, filterToWhere } from '../../../src/dataProvider/where';
import { defineResource, id, int, str, date, empresaId } from '../../../src/resources/fields';
import { atributos } from '../../../src/resources/atributos/schema';
import { marketplaces } from '../../../src/resources/marketplaces/schema';
import { multimedia } from '../../../src/resources/multimedia/schema';
import { productos } from '../../../src/resources/productos/schema';
import { productosPorRango } from '../../../src/resources/productosPorRango/schema';
import { sustitutos } from '../../../src/resources/sustitutos/schema';
import { usuarios } from '../../../src/resources/usuarios/schema';
import { logsnavs } from '../../../src/resources/logsnavs/schema';

describe('filterToWhere', () => {
  it('marketplaces: q → like %term% OR-ed over search fields; searchCodigo / searchDescripcion → like', () => {
    expect(filterToWhere(marketplaces, { q: 'ama' })).toEqual({
      or: [{ codigo: { like: '%ama%' } }, { descripcion: { like: '%ama%' } }],
    });
    expect(filterToWhere(marketplaces, { searchCodigo: 'AMZ', searchDescripcion: 'Amazon' })).toEqual({
      codigo: { like: '%AMZ%' },
      descripcion: { like: '%Amazon%' },
    });
  });

  it('usuarios: q also searches mail', () => {
    expect(filterToWhere(usuarios, { q: '  eva ' })).toEqual({
      or: [{ nombre: { like: '%eva%' } }, { codigo: { like: '%eva%' } }, { mail: { like: '%eva%' } }],
    });
  });

  it('multimedia: clave like, grupoMultimedia → tipo eq; TODOS / TODAS mean no filter', () => {
    expect(
      filterToWhere(multimedia, {
        clave: 'foto',
        grupoMultimedia: 'Imagen',
        defectosn: 'TODOS',
        categoria: 'TODAS',
      }),
    ).toEqual({ clave: { like: '%foto%' }, tipo: 'Imagen' });
    expect(filterToWhere(multimedia, { defectosn: 'S', categoria: 'Ficha' })).toEqual({
      defectosn: 'S',
      categoria: 'Ficha',
    });
    expect(filterToWhere(multimedia, { defectosn: 'TODOS', categoria: 'TODAS', clave: '' })).toEqual({});
  });

  it("sustitutos: 'day' → between 00:00:00.000 and 23:59:59.999; intercambiable TODOS ignored", () => {
    const day = { between: ['2024-03-05T00:00:00.000Z', '2024-03-05T23:59:59.999Z'] };
    expect(filterToWhere(sustitutos, { fechaInicio: '2024-03-05', intercambiable: 'TODOS' })).toEqual({
      fechaInicio: day,
    });
    expect(filterToWhere(sustitutos, { fechaFin: '2024-03-05T10:20:00.000Z', intercambiable: 'S' })).toEqual({
      fechaFin: day,
      intercambiable: 'S',
    });
    // a Date (what a date picker gives) is its local calendar day
    expect(filterToWhere(sustitutos, { fechaInicio: new Date(2024, 2, 5, 15, 30) })).toEqual({
      fechaInicio: day,
    });
    expect(() => filterToWhere(sustitutos, { fechaInicio: 'no es fecha' })).toThrow(
      'Valor no válido en el filtro «Fecha de inicio»: no es fecha',
    );
    expect(dayRange('2024-12-31')).toEqual(['2024-12-31T00:00:00.000Z', '2024-12-31T23:59:59.999Z']);
  });

  it('logsnavs: day filter on a datetime field', () => {
    expect(filterToWhere(logsnavs, { fecha: '2025-01-02' })).toEqual({
      fecha: { between: ['2025-01-02T00:00:00.000Z', '2025-01-02T23:59:59.999Z'] },
    });
  });

  it('productosPorRango: desdeFecha gte (start of day), hastaFecha lte (end of day), references coerced to numbers', () => {
    expect(
      filterToWhere(productosPorRango, {
        desdeFecha: '2024-01-01',
        hastaFecha: '2024-06-30',
        tipoDeRango: '2',
        club: 5,
        skuProducto: 'SKU',
      }),
    ).toEqual({
      desdeFecha: { gte: '2024-01-01T00:00:00.000Z' },
      hastaFecha: { lte: '2024-06-30T23:59:59.999Z' },
      rangoId: 2,
      clubId: 5,
      skuProducto: { like: '%SKU%' },
    });
  });

  it('two conditions on one property are combined with and (LoopBack applies only one operator per property)', () => {
    const conRango = defineResource({
      name: 'conRango',
      model: 'ConRango',
      label: 'x',
      labelPlural: 'x',
      names: { en: ['x', 'x'], de: ['x', 'x'], fr: ['x', 'x'], pt: ['x', 'x'] },
      fields: [
        id(),
        empresaId(),
        str('nombre', 'Nombre'),
        int('cantidad', 'Cantidad'),
        date('fecha', 'Fecha'),
      ],
      filters: [
        { source: 'cantidadDesde', field: 'cantidad', op: 'gte', label: 'Desde', input: 'number' },
        { source: 'cantidadHasta', field: 'cantidad', op: 'lte', label: 'Hasta', input: 'number' },
        { source: 'fechaDesde', field: 'fecha', op: 'gte', label: 'Desde', input: 'date' },
        { source: 'fechaHasta', field: 'fecha', op: 'lte', label: 'Hasta', input: 'date' },
      ],
      menu: { group: 'catalogo', icon: 'x' },
    });
    const where = filterToWhere(conRango, {
      cantidadDesde: '2',
      cantidadHasta: '3',
      fechaDesde: '2024-01-01',
      fechaHasta: '2024-01-31',
      nombre: 'x',
    });
    expect(where).toEqual({
      nombre: 'x',
      and: [
        { cantidad: { gte: 2 } },
        { cantidad: { lte: 3 } },
        { fecha: { gte: '2024-01-01T00:00:00.000Z' } },
        { fecha: { lte: '2024-01-31T23:59:59.999Z' } },
      ],
    });
    // never two operators in one property object
    const objects = [where, ...(where.and as object[])];
    for (const object of objects) {
      for (const value of Object.values(object)) {
        if (value && typeof value === 'object' && !Array.isArray(value))
          expect(Object.keys(value)).toHaveLength(1);
      }
    }
    expect(filterToWhere(conRango, { cantidadDesde: '2' })).toEqual({ cantidad: { gte: 2 } });
  });

  it("'in' → inq and 'present' → {neq: null} / null", () => {
    const schema = defineResource({
      name: 'ops',
      model: 'Ops',
      label: 'x',
      labelPlural: 'x',
      names: { en: ['x', 'x'], de: ['x', 'x'], fr: ['x', 'x'], pt: ['x', 'x'] },
      fields: [id(), str('estado', 'Estado'), str('motivoError', 'Motivo'), int('nivel', 'Nivel')],
      filters: [
        { source: 'estados', field: 'estado', op: 'in', label: 'Estados', input: 'select' },
        { source: 'niveles', field: 'nivel', op: 'in', label: 'Niveles', input: 'select' },
        {
          source: 'conError',
          field: 'motivoError',
          op: 'present',
          label: 'Con error',
          input: 'sn',
          ignore: ['TODOS'],
        },
      ],
      menu: { group: 'catalogo', icon: 'x' },
    });
    expect(filterToWhere(schema, { estados: ['A', 'B'], niveles: ['1', '2'], conError: 'S' })).toEqual({
      estado: { inq: ['A', 'B'] },
      nivel: { inq: [1, 2] },
      motivoError: { neq: null },
    });
    expect(filterToWhere(schema, { estados: 'A', conError: 'N' })).toEqual({
      estado: { inq: ['A'] },
      motivoError: null,
    });
    expect(filterToWhere(schema, { estados: [], conError: 'TODOS' })).toEqual({});
  });

  it('atributos: searchNombre like and grupoAtributos → grupoAtributosId (number)', () => {
    expect(filterToWhere(atributos, { searchNombre: 'Peso', grupoAtributos: '4' })).toEqual({
      nombre: { like: '%Peso%' },
      grupoAtributosId: 4,
    });
  });

  it('undeclared schema fields → equality (arrays → inq); id → idField; unknown keys dropped; empties ignored', () => {
    expect(
      filterToWhere(productos, {
        id: ['1', '2'],
        empresaId: '2',
        sincronizarConBC: 'S',
        noExiste: 'x',
        familias: null,
        categorias: null,
        imagen: undefined,
        ensamblado: '',
      }),
    ).toEqual({ id: { inq: [1, 2] }, empresaId: 2, sincronizarConBC: 'S', familias: null });
  });

  it('never sends ilike or regexp, and escapes nothing inside like', () => {
    const where = filterToWhere(productos, { q: '50%_off', nombre: 'a.b*c', categorias: 'x' });
    // the list's search box goes to the API's product search as typed (the API escapes it)
    expect(where).toEqual({
      buscar: '50%_off',
      nombre: { like: '%a.b*c%' },
      categorias: { like: '%x%' },
    });
    expect(JSON.stringify(where)).not.toMatch(/ilike|regexp/);
  });

  it('andWhere flattens empties', () => {
    expect(andWhere({}, { a: 1 })).toEqual({ a: 1 });
    expect(andWhere({ e: 1 }, {})).toEqual({ e: 1 });
    expect(andWhere({ e: 1 }, { a: 1 })).toEqual({ and: [{ e: 1 }, { a: 1 }] });
    expect(andWhere()).toEqual({});
  });
});

describe('explicit null on a plain field', () => {
  it('means IS NULL for an undeclared field, and is a cleared input for a declared filter', async () => {
    const { filterToWhere } = await import('../../../src/dataProvider/where');
    const { productos } = await import('../../../src/resources/productos/schema');
    expect(filterToWhere(productos, { activoEnMarketplace: null })).toEqual({ activoEnMarketplace: null });
    expect(filterToWhere(productos, { finalizado: null })).toEqual({});
    expect(filterToWhere(productos, { noSuchField: null })).toEqual({});
  });
});

describe('malformed filter values are a clear error, never a wrong or silently empty list', () => {
  it.each([
    [{ id: 'abc' }, 'Valor no válido en el filtro «Id»: abc'],
    [{ empresaId: 'dos' }, 'Valor no válido en el filtro «Empresa»: dos'],
    [{ finalizado: 42 }, 'Valor no válido en el filtro «Finalizado»: 42'],
    [{ nombre: { $gt: 1 } }, 'Valor no válido en el filtro «Nombre contiene»: {"$gt":1}'],
    [{ q: { a: 1 } }, 'Valor no válido en el filtro «Buscar»: {"a":1}'],
    [{ id: ['x', 2] }, 'Valor no válido en el filtro «Id»: x'],
  ])('%j → %s', async (filter, message) => {
    const { filterToWhere } = await import('../../../src/dataProvider/where');
    const { productos } = await import('../../../src/resources/productos/schema');
    expect(() => filterToWhere(productos, filter)).toThrow(message);
  });
});
