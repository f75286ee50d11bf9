// @vitest-environment node
/**
 * Exports that round-trip: for every table of the import list, rows written by the export and read back by the
 * import (parse, column mapping, normalisation, conversion to API values) are the rows that were exported — lists
 * of names, decimals, dates, S/N flags and texts that look like formulas included.
 */
import { describe, expect, it } from 'vitest';
import { withCheckDigit } from '../../src/core/gtin';
import { parseCsv } from '../../src/core/csv/csvRead';
import { importSchemas, toCsv } from '../../src/resources/csvTables';
import { autoMap } from '../../src/custom/importExport/mapping';
import { prepareRows } from '../../src/custom/importExport/prepare';
import type { FieldSchema, ResourceSchema } from '../../src/resources/types';

/** Texts that must come back exactly (none holds the ';' or line breaks the export strips by rule). */
const TRICKY_TEXTS = [
  'Bisagra "plana", 35 mm',
  '=SUM(A1:A3)',
  '"=HYPERLINK(""x"")',
  "'=1+1",
  '+34 600 000 000',
  '-5',
  '@import',
  'Ñandú & «comillas»',
];

const valueFor = (field: FieldSchema, row: number): unknown => {
  if (field.choices?.length) return field.choices[row % field.choices.length];
  if (field.format === 'gtin') return withCheckDigit(`84000000000${row}`);
  if (field.format === 'gln') return withCheckDigit(`84100000000${row}`);
  switch (field.type) {
    case 'integer':
    case 'reference':
      return field.name === 'empresaId' ? 1 : 10 + row;
    case 'number':
      return [12.5, 1234.56, 0.125, 1.234][row % 4];
    case 'sn':
      return row % 2 ? 'S' : 'N';
    case 'boolean':
      return row % 2 === 0;
    case 'date':
      return `2026-0${row + 1}-15T00:00:00.000Z`;
    case 'datetime':
      return `2026-0${row + 1}-15T10:20:30.000Z`;
    default: {
      if (field.list) return ['Bisagras y herrajes; Cerraduras', 'Jardín', 'A; B; C', 'Uno'][row % 4];
      const text = `${TRICKY_TEXTS[row % TRICKY_TEXTS.length]} ${field.name}`;
      return field.maxLength !== undefined ? text.slice(0, field.maxLength) : text;
    }
  }
};

/** The rows an import of `schema` can write: every field a column maps to, ids included. */
const sampleRows = (schema: ResourceSchema, mapped: readonly string[]): Record<string, unknown>[] =>
  Array.from({ length: 4 }, (_, row) => {
    const values: Record<string, unknown> = {};
    for (const field of schema.fields) {
      if (mapped.includes(field.name)) values[field.name] = valueFor(field, row);
    }
    return values;
  });

const tables = importSchemas();

describe('export → import round trip', () => {
  it('covers the tables of the import list', () => {
    expect(tables.length).toBeGreaterThanOrEqual(20);
    expect(tables.map((schema) => schema.table)).toEqual(
      expect.arrayContaining([
        'productos',
        'producto_datos_catalogo',
        'sustitutos',
        'atributos',
        'categorias',
      ]),
    );
  });

  it.each(tables.map((schema) => [schema.table, schema] as const))('%s', (_table, schema) => {
    const header = parseCsv(toCsv(schema.table as string, [])).headers;
    const mapped = autoMap(schema, header)
      .map((mapping) => mapping.field)
      .filter((field): field is string => Boolean(field));
    expect(mapped.length).toBeGreaterThan(0);
    const rows = sampleRows(schema, mapped);

    const csv = toCsv(schema.table as string, rows);
    const parsed = parseCsv(csv);
    const prepared = prepareRows(schema, parsed.records, autoMap(schema, parsed.headers));

    expect(prepared.flatMap((row) => row.problems)).toEqual([]);
    expect(prepared.map((row) => row.values)).toEqual(rows);
  });

  it('a product list of names survives the export as A | B and comes back joined with "; "', () => {
    const csv = toCsv('productos', [{ nombre: 'P1', categorias: 'Bisagras y herrajes; Cerraduras' }]);
    expect(csv).toContain('Bisagras y herrajes | Cerraduras');
    expect(csv).not.toContain('herrajes  Cerraduras');
  });

  it('formula-like texts leave neutralised, also after a leading quote or spaces, and cells are quoted', () => {
    const csv = toCsv('marca', [
      { nombre: '"=1+1', codigo: ' =cmd' },
      { nombre: 'dice "hola"', codigo: 'x' },
    ]);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toContain(`"'""=1+1"`);
    expect(lines[1]).toContain(`' =cmd`);
    expect(lines[2]).toContain('"dice ""hola"""');
  });
});
