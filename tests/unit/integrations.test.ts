import { describe, expect, it } from 'vitest';
import { feedFileName, feedRow } from '../../src/core/integrations/feedColumns';
import {
  LOG_TABLE_ERROR,
  logColumns,
  logCsvName,
  logTable,
  logWhere,
} from '../../src/custom/integrations/syncLog';
import { requireParam } from '../../src/custom/integrations/api';

describe('sync log helpers', () => {
  it('identity columns and fixed CSV columns per table', () => {
    const sync = ['fechaSincronizacionConBC', 'fechaEjecucionDeProcesoSincroBC', 'motivoErrorSincroConBC'];
    expect(logColumns('productos')).toEqual(['nombre', ...sync]);
    expect(logColumns('repuestos')).toEqual(['skuPrincipal', 'skuRepuesto', ...sync]);
    expect(logColumns('sustitutos')).toEqual(['skuPrincipal', 'skuSustituto', ...sync]);
    expect(logColumns('ensamblados')).toEqual(['skuPrincipal', 'skuEnsamblado', ...sync]);
    expect(logTable('repuestos').resource).toBe('Repuestos');
    expect(logCsvName('sustitutos')).toBe('log_sustitutos');
  });

  it("an unknown table is 'Problema con el nombre de la tabla'", () => {
    expect(LOG_TABLE_ERROR).toBe('Problema con el nombre de la tabla');
    expect(() => logTable('clientes')).toThrow('Problema con el nombre de la tabla');
    expect(() => logColumns('toString')).toThrow('Problema con el nombre de la tabla');
    expect(() => logWhere('constructor')).toThrow('Problema con el nombre de la tabla');
  });

  it('date filter between 00:00:00 and 23:59:59, error filter with / without motivoErrorSincroConBC', () => {
    expect(logWhere('productos')).toEqual({ fechaEjecucionDeProcesoSincroBC: { neq: null } });
    expect(logWhere('repuestos', { fecha: '2024-03-05', errores: 'con' })).toEqual({
      and: [
        {
          fechaEjecucionDeProcesoSincroBC: {
            between: ['2024-03-05T00:00:00.000Z', '2024-03-05T23:59:59.999Z'],
          },
        },
        { motivoErrorSincroConBC: { neq: null } },
      ],
    });
    expect(logWhere('productos', { errores: 'sin', empresaId: 2, texto: 'TAL' })).toEqual({
      and: [
        { fechaEjecucionDeProcesoSincroBC: { neq: null } },
        { motivoErrorSincroConBC: null },
        { or: [{ nombre: { like: '%TAL%' } }] },
        { empresaId: 2 },
      ],
    });
    // relations are not company-scoped
    expect(JSON.stringify(logWhere('ensamblados', { empresaId: 2 }))).not.toContain('empresaId');
    expect(() => logWhere('productos', { fecha: '05/03/2024' })).toThrow('Fecha no válida');
  });
});

describe('shopping feed rows', () => {
  it('maps product, general and catalogue data, neutralising formulas', () => {
    expect(
      feedRow(
        { nombre: 'SKU-1', categorias: 'Sillas', imagen: 'multimedia/SKU-1/a.png' },
        { titulo: '=HYPERLINK("x")', descripcion: 'Desc', marca: 'ACME', ean: '8412345678905' },
        { precioFabrica: 12.5 },
      ),
    ).toEqual({
      sku: 'SKU-1',
      titulo: '\'=HYPERLINK("x")',
      descripcion: 'Desc',
      marca: 'ACME',
      ean: '8412345678905',
      categorias: 'Sillas',
      imagen: 'multimedia/SKU-1/a.png',
      precio: 12.5,
    });
    expect(feedRow({ nombre: 'X' }).precio).toBeNull();
    expect(feedFileName(3, new Date(2024, 0, 9))).toBe('shoppingfeed_3_2024-01-09.xlsx');
  });

  it('required path parameters follow the client rule', () => {
    expect(() => requireParam('', 'code', 'newEANCode')).toThrow(
      'required parameter code was null or undefined when calling newEANCode',
    );
  });
});
