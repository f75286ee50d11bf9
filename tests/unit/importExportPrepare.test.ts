import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/core/csv/csv';
import { autoMap, missingRequired, remap } from '../../src/custom/importExport/mapping';
import {
  productoGeneralFor,
  quickCreateProduct,
  quickProductImage,
  quickSincronizarConBC,
  textHash,
} from '../../src/core/csv/normalize';
import { coerceValue, prepareRows } from '../../src/custom/importExport/prepare';
import { normalizeTableRow } from '../../src/resources/csvTables';
import { keyText, rowKey, StoredIndex } from '../../src/custom/importExport/keys';
import {
  exportSchemas,
  importSchemas,
  keyDescription,
  naturalKeys,
  resolveTable,
  TABLE_NAME_ERROR,
  tableFromFileName,
} from '../../src/resources/csvTables';
import { schemaForTable } from '../../src/resources/registry';
import type { FieldSchema, ResourceSchema } from '../../src/resources/types';

const schema = (table: string): ResourceSchema => {
  const found = schemaForTable(table);
  if (!found) throw new Error(table);
  return found;
};

const prepare = (table: string, text: string) => {
  const parsed = parseCsv(text);
  const mappings = autoMap(schema(table), parsed.headers);
  return { mappings, rows: prepareRows(schema(table), parsed.records, mappings) };
};

describe('tables (docs/requirements.md#r3-entities, #r8-errors "Table names")', () => {
  it('exports every table of the spec list plus the export-only view', () => {
    const tables = exportSchemas().map((s) => s.table);
    for (const table of [
      'atributos',
      'multimedia',
      'categorias',
      'permisos',
      'empresas',
      'grupos_atributos',
      'marca',
      'situaciones',
      'roles',
      'usuarios',
      'producto_multimedia',
      'producto_general',
      'producto_atributos',
      'productos',
      'iconos',
      'idiomas',
      'producto_iconos',
      'traducciones',
      'producto_caracteristicas',
      'sustitutos',
      'ensamblados',
      'repuestos',
      'producto_datos_catalogo',
      'vista_muestra_fotos_optimizada',
    ]) {
      expect(tables).toContain(table);
    }
    expect(importSchemas().map((s) => s.table)).not.toContain('vista_muestra_fotos_optimizada');
  });

  it("an unknown table name gives 'Problema con el nombre de la tabla'", () => {
    expect(resolveTable('productoz', 'import')).toEqual({ error: 'Problema con el nombre de la tabla' });
    expect(resolveTable('', 'export')).toEqual({ error: TABLE_NAME_ERROR });
    expect(resolveTable('vista_muestra_fotos_optimizada', 'import')).toMatchObject({
      error: expect.stringMatching(/^Problema con el nombre de la tabla/),
    });
    expect(resolveTable('vista_muestra_fotos_optimizada', 'export')).toHaveProperty('schema');
    expect(resolveTable('marca', 'import')).toHaveProperty('schema.name', 'Marca');
  });

  it.each([
    ['marca_PIM.csv', 'marca'],
    ['producto_general_PIM (2).csv', 'producto_general'],
    ['C:\\Descargas\\repuestos_PIM_rechazadas.csv', 'repuestos'],
    ['catalogo.csv', undefined],
  ])('table from file name %s → %s', (name, table) => {
    expect(tableFromFileName(name)).toBe(table);
  });

  it('describes the keys in Spanish', () => {
    expect(keyDescription(schema('marca'))).toBe(
      'Cada fila actualiza el registro que coincide por id; si no hay, por codigo o nombre; las demás se crean.',
    );
    expect(keyDescription(schema('producto_iconos'))).toBe(
      'Cada fila actualiza el registro que coincide por idProducto + idIcono; las demás se crean.',
    );
  });

  it('natural keys: documented per table, else unique fields / composite key', () => {
    expect(naturalKeys(schema('productos'))).toEqual([['nombre']]);
    expect(naturalKeys(schema('marca'))).toEqual([['codigo'], ['nombre']]);
    expect(naturalKeys(schema('producto_iconos'))).toEqual([['idProducto', 'idIcono']]);
    const custom = { ...schema('roles'), table: 'tabla_nueva' };
    expect(naturalKeys(custom)).toEqual([['codigo']]);
  });
});

describe('docs/requirements.md#r5-validation: products created by import', () => {
  it('quick-created product: imagen multimedia/{name}/{hash}.png, company, empty familias, sincronizarConBC', () => {
    const product = quickCreateProduct({ nombre: 'SKU-1', sincronizarConBC: 'si' });
    expect(product).toEqual({
      nombre: 'SKU-1',
      empresaId: 1,
      imagen: `multimedia/SKU-1/${textHash('SKU-1')}.png`,
      familias: '',
      sincronizarConBC: 'S',
    });
    expect(textHash('SKU-1')).toMatch(/^[0-9a-f]{8}$/);
    expect(quickProductImage('SKU-1')).toBe(quickProductImage('SKU-1'));
    expect(quickProductImage('SKU-2')).not.toBe(quickProductImage('SKU-1'));
    expect(quickCreateProduct({ nombre: 'X', imagen: 'a.png', familias: 'F1' }, 2)).toMatchObject({
      empresaId: 2,
      imagen: 'a.png',
      familias: 'F1',
      sincronizarConBC: 'N',
    });
  });
  it.each([
    ['true', 'S'],
    ['si', 'S'],
    ['S', 'S'],
    ['Sí', 'S'],
    ['no', 'N'],
    ['false', 'N'],
    ['cualquier cosa', 'N'],
    ['', 'N'],
    [null, 'N'],
  ])('sincronizarConBC %j → %s', (text, expected) => {
    expect(quickSincronizarConBC(text)).toBe(expected);
  });
  it('normalizeRow(productos) applies the same sincronizarConBC rule; empty stays empty', () => {
    expect(normalizeTableRow('productos', { sincronizarConBC: 'TRUE' }).sincronizarConBC).toBe('S');
    expect(normalizeTableRow('productos', { sincronizarConBC: 'x' }).sincronizarConBC).toBe('N');
    expect(normalizeTableRow('productos', { sincronizarConBC: null }).sincronizarConBC).toBeNull();
  });
  it('producto_general: productoId and sku equal to the name', () => {
    expect(productoGeneralFor({ id: 7, nombre: 'SKU-7' })).toEqual({ productoId: 7, sku: 'SKU-7' });
  });
});

describe('column mapping', () => {
  it('maps by field name or label ignoring case, accents and separators; says what happens to the rest', () => {
    const mappings = autoMap(schema('productos'), [
      'ID',
      'empresaId',
      'Nombre (SKU)',
      'CATEGORIAS',
      'fecha_creacion',
      'titulo',
      'marca',
      'columna rara',
      'nombre',
    ]);
    expect(mappings.map((m) => [m.field, m.kind])).toEqual([
      ['id', 'key'],
      [null, 'company'],
      ['nombre', 'field'],
      ['categorias', 'field'],
      [null, 'server'],
      [null, 'otherTable'],
      [null, 'otherTable'],
      [null, 'unknown'],
      [null, 'duplicate'],
    ]);
    expect(mappings[5].note).toBe(
      'Es una columna de la tabla producto_general, no de productos: no se importa',
    );
    expect(mappings[2].note).toBe('Se importa en «nombre»');
  });
  it('can be adjusted; a field is filled by one column only; required fields left unmapped are listed', () => {
    const table = schema('marca');
    let mappings = autoMap(table, ['Name', 'codigo']);
    expect(missingRequired(table, mappings)).toEqual(['nombre']);
    mappings = remap(table, mappings, 0, 'nombre');
    expect(mappings[0]).toMatchObject({ field: 'nombre', kind: 'field' });
    expect(missingRequired(table, mappings)).toEqual([]);
    mappings = remap(table, mappings, 1, 'nombre');
    expect(mappings[1]).toMatchObject({ field: null, kind: 'duplicate' });
    mappings = remap(table, mappings, 1, null);
    expect(mappings[1]).toMatchObject({ field: null, kind: 'skipped' });
  });
});

const field = (overrides: Partial<FieldSchema>): FieldSchema => ({
  name: 'f',
  type: 'string',
  label: 'F',
  ...overrides,
});

describe('value conversion', () => {
  it.each([
    ['12,5', 12.5],
    ['1.234,5', 1234.5],
    ['12.5', 12.5],
    ['-3', -3],
    [',5', 0.5],
  ])('a decimal cell %s → %s', (text, expected) => {
    expect(coerceValue(field({ type: 'number' }), text, text)).toEqual({ value: expected });
  });
  it.each(['abc', '1,2,3', '12,', '1.2.3'])('a decimal cell %s is refused with the reason', (text) => {
    const result = coerceValue(field({ type: 'number' }), text, text);
    expect(result).toHaveProperty(
      'reason',
      expect.stringMatching(new RegExp(`^El campo 'f' no es correcto: «${text}»`)),
    );
  });
  it('integers, numbers, S/N, choices, lengths, dates, empty and required', () => {
    expect(coerceValue(field({ type: 'integer' }), '42', '42')).toEqual({ value: 42 });
    expect(coerceValue(field({ type: 'integer' }), '4.5', '4.5')).toEqual({
      reason: "El campo 'f' no es correcto: «4.5» no es un número entero",
    });
    expect(coerceValue(field({ type: 'number', min: 0 }), '-1', '-1')).toEqual({
      reason: "El campo 'f' no es correcto: debe ser mayor o igual que 0",
    });
    expect(coerceValue(field({ type: 'sn' }), 'sí', 'sí')).toEqual({ value: 'S' });
    expect(coerceValue(field({ type: 'sn' }), 'quizá', 'quizá')).toEqual({
      reason: "El campo 'f' no es correcto: «quizá» (use S o N)",
    });
    expect(coerceValue(field({ choices: ['Imagen', 'Video'] }), 'video', 'video')).toEqual({
      value: 'Video',
    });
    expect(coerceValue(field({ choices: ['Imagen', 'Video'] }), 'Foto', 'Foto')).toEqual({
      reason: "El campo 'f' tiene un valor no válido: «Foto» (valores admitidos: Imagen, Video)",
    });
    expect(coerceValue(field({ maxLength: 3 }), 'abcd', 'abcd')).toEqual({
      reason: "El campo 'f' tiene un valor no válido: más de 3 caracteres",
    });
    expect(coerceValue(field({ type: 'date' }), '05/03/2024', '05/03/2024')).toEqual({
      value: '2024-03-05T00:00:00.000Z',
    });
    expect(coerceValue(field({}), null, '')).toEqual({ value: null });
    // empty = not given, even for required fields (checked when the row is created)
    expect(coerceValue(field({ required: true }), null, '')).toEqual({ value: null });
  });
});

describe('prepareRows: docs/requirements.md#r5-validation normalisation through normalizeRow, every problem reported', () => {
  it('atributos codigo, ensamblados cantidad, repuestos posicion and dates, sustitutos intercambiable', () => {
    expect(prepare('atributos', 'nombre;codigo\nPeso;42').rows[0].values).toEqual({
      nombre: 'Peso',
      codigo: 42,
    });
    expect(prepare('ensamblados', 'skuPrincipal;skuEnsamblado;cantidad\nA;B;3').rows[0].values.cantidad).toBe(
      3,
    );
    const repuesto = prepare(
      'repuestos',
      'skuPrincipal;skuRepuesto;posicion;fechaInicio;fechaFin\nA;B;7;01/02/2025;2025-12-31T00:00:00.000Z',
    ).rows[0];
    expect(repuesto.problems).toEqual([]);
    expect(repuesto.values).toMatchObject({
      posicion: 7,
      fechaInicio: '2025-02-01T00:00:00.000Z',
      fechaFin: '2025-12-31T00:00:00.000Z',
    });
    const sustituto = prepare(
      'sustitutos',
      'skuPrincipal;skuSustituto;intercambiable;fechaInicio\nA;B;Sí;2025/12/31\nA;C;no;31-12-2025',
    ).rows;
    expect(sustituto.map((r) => [r.values.intercambiable, r.values.fechaInicio])).toEqual([
      ['S', '2025-12-31T00:00:00.000Z'],
      ['N', '2025-12-31T00:00:00.000Z'],
    ]);
  });

  it('a value normalisation cannot read is a problem of its line and column, not a silent null', () => {
    const { rows } = prepare(
      'sustitutos',
      'skuPrincipal;skuSustituto;Fecha de inicio;intercambiable\nA;B;mañana;quizá\nA;C;;S',
    );
    expect(rows[0].line).toBe(2);
    expect(rows[0].problems).toEqual([
      {
        column: 'Fecha de inicio',
        reason:
          "El campo 'fechaInicio' no es correcto: «mañana» no es una fecha (dd/mm/aaaa, aaaa-mm-dd, dd-mm-aaaa o aaaa/mm/dd)",
      },
      { column: 'intercambiable', reason: "El campo 'intercambiable' no es correcto: «quizá» (use S o N)" },
    ]);
    expect(rows[1].problems).toEqual([]);
    expect(rows[1].values.fechaInicio).toBeNull();
    const ensamblado = prepare('ensamblados', 'skuPrincipal;skuEnsamblado;cantidad\nA;B;tres').rows[0];
    expect(ensamblado.problems[0].reason).toBe(
      "El campo 'cantidad' no es correcto: «tres» no es un número entero",
    );
  });

  it('text is trimmed and un-neutralised; empty cells are null (not given)', () => {
    const { rows } = prepare('marca', "nombre;codigo\n  '=Marca rara  ;\n;X");
    expect(rows[0].values).toEqual({ nombre: '=Marca rara', codigo: null });
    expect(rows[1]).toMatchObject({ values: { nombre: null, codigo: 'X' }, problems: [] });
  });

  it('rows with a wrong column count and repeated keys are problems', () => {
    const { rows } = prepare('marca', 'nombre;codigo\nA;1\nB;2;x\nC;1\nc;9');
    expect(rows[1].problems[0].reason).toMatch(/sobran valores/);
    expect(rows[2].problems).toEqual([
      { column: '', reason: 'Fila duplicada: la clave codigo = 1 ya aparece en la línea 2' },
    ]);
    // a different codigo is a different key
    expect(rows[3].problems).toEqual([]);
  });

  it('keys: id first, then the first complete natural key; compared case-insensitively', () => {
    const marca = schema('marca');
    expect(rowKey(marca, { id: 5, codigo: 'A' })).toMatchObject({ kind: 'id', value: 5 });
    expect(rowKey(marca, { id: null, codigo: null, nombre: 'X' })).toMatchObject({
      kind: 'natural',
      fields: ['nombre'],
    });
    expect(rowKey(marca, { codigo: '' })).toBeUndefined();
    expect(keyText(['ABC  '])).toBe(keyText(['abc']));
    const index = new StoredIndex(marca, [{ id: 1, nombre: 'Alfa', codigo: 'A1' }]);
    expect(index.find(rowKey(marca, { codigo: 'a1' })!)).toMatchObject({ id: 1 });
    expect(index.find(rowKey(marca, { nombre: 'ALFA' })!)).toMatchObject({ id: 1 });
    expect(index.find(rowKey(marca, { id: 2 })!)).toBeUndefined();
  });
});

describe('the parse worker session (100,000 rows, chunked, nothing lost)', () => {
  it('parses, prepares in chunks and hands back the cells of given lines', async () => {
    const { createParseSession, CHUNK_ROWS } = await import('../../src/custom/importExport/parseSession');
    const lines = ['nombre;codigo'];
    for (let i = 0; i < 100_000; i++) lines.push(i === 4242 ? 'Sin código;' : `Marca ${i};C${i}`);
    lines.push('', '');
    const messages: import('../../src/custom/importExport/parseSession').ParseResponse[] = [];
    const handle = createParseSession((message) => messages.push(message));
    const bytes = new TextEncoder().encode(lines.join('\n')).buffer;
    await handle({ type: 'parse', id: 1, bytes, fileName: 'marca_PIM.csv' });
    expect(messages[0]).toMatchObject({
      type: 'parsed',
      summary: {
        rowCount: 100_000,
        tableFromName: 'marca',
        headers: ['nombre', 'codigo'],
        encoding: 'utf-8',
      },
    });
    const marca = schema('marca');
    await handle({ type: 'prepare', id: 2, schema: marca, mappings: autoMap(marca, ['nombre', 'codigo']) });
    const chunks = messages.filter((m) => m.type === 'rows');
    expect(chunks).toHaveLength(100_000 / CHUNK_ROWS);
    const rows = chunks.flatMap((m) => (m.type === 'rows' ? m.rows : []));
    expect(rows).toHaveLength(100_000);
    expect(rows[4242]).toMatchObject({ line: 4244, values: { nombre: 'Sin código', codigo: null } });
    expect(messages.at(-1)).toEqual({ type: 'prepared', id: 2, total: 100_000 });
    await handle({ type: 'cells', id: 3, lines: [2, 100_001, 999_999] });
    expect(messages.at(-1)).toEqual({
      type: 'cells',
      id: 3,
      cells: [
        [2, ['Marca 0', 'C0']],
        [100_001, ['Marca 99999', 'C99999']],
      ],
    });
  });
});

describe('the preview applies the rules the import and the API apply', () => {
  const header = 'skuPrincipal;skuSustituto;descripcion;fechaInicio;fechaFin';

  it('an end date before its start is a problem of the row, on the end date’s column', () => {
    const { rows } = prepare(
      'sustitutos',
      `${header}\nA;B;ok;01/02/2026;2026-12-31\nA;C;mal;01/02/2026;31/01/2026\n`,
    );
    expect(rows[0].problems).toEqual([]);
    expect(rows[1].problems).toEqual([
      { column: 'fechaFin', reason: '«Fecha de fin» no puede ser anterior a «Fecha de inicio».' },
    ]);
  });

  it('a row without any key can only be created: an empty required field rejects it', () => {
    const { rows } = prepare('sustitutos', `${header}\nA;;sin sustituto;;\n`);
    expect(rows[0].problems).toEqual([
      { column: 'skuSustituto', reason: "El campo 'skuSustituto' es obligatorio" },
    ]);
  });

  it('a row with a key may update a stored record: its empty cells change nothing and are no problem', () => {
    const { rows } = prepare('marca', 'codigo;nombre\nM01;\n');
    expect(rows[0].problems).toEqual([]);
  });
});
