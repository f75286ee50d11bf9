/**
 * The import runner over an in-memory data provider (ra-data-fakerest through backendFromDataProvider), with
 * failures injected at the transport: batches, idempotence, retries (5xx / no answer, never 4xx), lost answers
 * on create, cancel, and the report. The same runner against the reference API: tests/contract/import-export.
 */
import fakeRestDataProvider from 'ra-data-fakerest';
import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import {
  backendFromDataProvider,
  matchesWhere,
  type ImportBackend,
} from '../../src/custom/importExport/backend';
import { parseCsv } from '../../src/core/csv/csv';
import { autoMap, columnsOf } from '../../src/custom/importExport/mapping';
import { textHash, type Row } from '../../src/core/csv/normalize';
import { prepareRows } from '../../src/custom/importExport/prepare';
import { rejectedRowsCsv } from '../../src/custom/importExport/report';
import {
  CANCELLED_REASON,
  changedValues,
  isTransient,
  lookupWheres,
  runImport,
  type ImportOptions,
} from '../../src/custom/importExport/runner';
import { schemaForTable } from '../../src/resources/registry';

const marcaSchema = schemaForTable('marca')!;
const productSchema = schemaForTable('productos')!;

const store = () => ({
  Marca: [
    { id: 1, empresaId: 1, nombre: 'Alfa', codigo: 'A' },
    { id: 2, empresaId: 1, nombre: 'Beta', codigo: 'B' },
    { id: 3, empresaId: 2, nombre: 'Otra empresa', codigo: 'C' },
  ],
  productos: [{ id: 10, empresaId: 1, nombre: 'SKU-10', familias: 'F', sincronizarConBC: 'N' }],
  'producto-generals': [] as Row[],
});

/** The provider's rows (fakerest copies its initial data, so the store is read back through it). */
const setup = () => {
  const provider = fakeRestDataProvider(store(), false);
  const read = async (resource: string): Promise<Row[]> =>
    (
      await provider.getList(resource, {
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      })
    ).data;
  return { read, backend: backendFromDataProvider(provider, () => 1) };
};

const run = (table: string, csv: string, backend: ImportBackend, extra: Partial<ImportOptions> = {}) => {
  const schema = schemaForTable(table)!;
  const parsed = parseCsv(csv);
  const mappings = autoMap(schema, parsed.headers);
  const rows = prepareRows(schema, parsed.records, mappings);
  return runImport({
    schema,
    rows,
    backend,
    empresaId: 1,
    retryDelayMs: 1,
    columnOf: columnsOf(mappings),
    ...extra,
  });
};

describe('runImport', () => {
  it('creates new rows, updates changed ones by key, leaves identical ones alone; a second run changes nothing', async () => {
    const { read, backend } = setup();
    const csv = 'id;nombre;codigo\n1;Alfa;A\n2;Beta nueva;B\n;Gamma;G\n;Delta;\n';
    const first = await run('marca', csv, backend);
    expect(first).toMatchObject({ total: 4, created: 2, updated: 1, unchanged: 1, rejected: 0, done: 4 });
    expect((await read('Marca')).find((m) => m.id === 2)?.nombre).toBe('Beta nueva');
    const created = (await read('Marca')).filter((m) => m.nombre === 'Gamma' || m.nombre === 'Delta');
    expect(created.map((m) => m.empresaId)).toEqual([1, 1]);
    const second = await run('marca', csv, backend);
    expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 4, rejected: 0 });
    expect(await read('Marca')).toHaveLength(5);
  });

  it('matches by natural key (codigo, then nombre) within the selected company only', async () => {
    const { read, backend } = setup();
    const csv = 'nombre;codigo\nAlfa renombrada;A\nBeta;\nOtra empresa;C\n';
    const report = await run('marca', csv, backend);
    // Beta has no codigo in the file: found by nombre; an empty cell changes nothing
    expect(report).toMatchObject({ created: 1, updated: 1, unchanged: 1 });
    expect((await read('Marca')).find((m) => m.id === 2)?.codigo).toBe('B');
    expect(await run('marca', csv, backend)).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect((await read('Marca')).find((m) => m.id === 1)?.nombre).toBe('Alfa renombrada');
    // company 2's brand C is not touched: a new brand C is created in company 1
    expect((await read('Marca')).find((m) => m.id === 3)?.nombre).toBe('Otra empresa');
    expect(
      (await read('Marca'))
        .filter((m) => m.codigo === 'C')
        .map((m) => m.empresaId)
        .sort(),
    ).toEqual([1, 2]);
  });

  it("an id that does not exist: 'Uno o varios atributos no existen (…)'; two rows on one record: duplicate", async () => {
    const { backend } = setup();
    const report = await run('marca', 'id;nombre;codigo\n999;X;X\n1;Alfa;A\n;Alfa;\n', backend);
    expect(report.rejectedRows).toEqual([
      {
        line: 2,
        problems: [
          { column: 'id', reason: 'Uno o varios atributos no existen (Entity not found: Marca with id 999)' },
        ],
      },
      {
        line: 4,
        problems: [
          { column: '', reason: 'Fila duplicada: nombre = Alfa es el mismo registro que la línea 3' },
        ],
      },
    ]);
    expect(report).toMatchObject({ unchanged: 1, rejected: 2 });
  });

  it('products: quick-create values, a producto_general per new product, and generals for products missing one', async () => {
    const { read, backend } = setup();
    const report = await run(
      'productos',
      'nombre;sincronizarConBC;familias\nSKU-NEW;si;\nSKU-10;no;F\n',
      backend,
    );
    expect(report).toMatchObject({ created: 1, unchanged: 1, generalsCreated: 1 });
    const created = (await read('productos')).find((p) => p.nombre === 'SKU-NEW') as Row;
    expect(created).toMatchObject({
      empresaId: 1,
      imagen: `multimedia/SKU-NEW/${textHash('SKU-NEW')}.png`,
      familias: '',
      sincronizarConBC: 'S',
    });
    expect((await read('producto-generals')).map((g) => [g.productoId, g.sku]).sort()).toEqual([
      [10, 'SKU-10'],
      [created.id, 'SKU-NEW'],
    ]);
    const again = await run(
      'productos',
      'nombre;sincronizarConBC;familias\nSKU-NEW;si;\nSKU-10;no;F\n',
      backend,
    );
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2, generalsCreated: 0 });
    expect(await read('producto-generals')).toHaveLength(2);
  });

  it('quick-created products get empresaId 1 (issue #9, docs/requirements.md#r5-validation) even when another company is selected', async () => {
    const provider = fakeRestDataProvider(store(), false);
    const backend = backendFromDataProvider(provider, () => 2);
    const report = await run('productos', 'nombre;empresaId\nSKU-DE-LA-2;2\n', backend, { empresaId: 2 });
    expect(report).toMatchObject({ created: 1 });
    const { data } = await provider.getList('productos', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: { nombre: 'SKU-DE-LA-2' },
    });
    expect(data.map((p) => p.empresaId)).toEqual([1]);
  });

  it('retries 5xx and lost answers; a create whose answer was lost is found by key instead of created twice', async () => {
    const { read, backend } = setup();
    let failures = 0;
    const flaky: ImportBackend = {
      ...backend,
      async create(resource, body) {
        if (body.nombre === 'Gamma' && failures === 0) {
          failures++;
          throw new HttpError('Ocurrió un error inesperado. Intente nuevamente.', 503, null);
        }
        if (body.nombre === 'Delta' && failures === 1) {
          failures++;
          await backend.create(resource, body); // stored, but the answer never arrives
          throw new HttpError('Error de conexión. Verifique su red e intente de nuevo.', 0, null);
        }
        return backend.create(resource, body);
      },
    };
    const report = await run('marca', 'nombre;codigo\nGamma;G\nDelta;D\n', flaky, { concurrency: 1 });
    expect(report).toMatchObject({ created: 2, rejected: 0 });
    expect(failures).toBe(2);
    expect((await read('Marca')).filter((m) => m.nombre === 'Delta')).toHaveLength(1);
    expect((await read('Marca')).filter((m) => m.nombre === 'Gamma')).toHaveLength(1);
  });

  it('never retries a 4xx: the row is rejected with the spec message at once', async () => {
    const { backend } = setup();
    let calls = 0;
    const strict: ImportBackend = {
      ...backend,
      async create() {
        calls++;
        throw new HttpError("Duplicate entry 'G' for key 'codigo'", 422, {
          error: {
            statusCode: '422',
            name: 'Error',
            message: "Duplicate entry 'G' for key 'codigo'",
            code: 'ER_DUP_ENTRY',
          },
        });
      },
    };
    const report = await run('marca', 'nombre;Código\nGamma;G\n', strict);
    expect(calls).toBe(1);
    expect(report.rejectedRows[0].problems).toEqual([
      { column: 'Código', reason: 'Atributo duplicado en uno o varios productos' },
    ]);
  });

  it('gives up after the retries and reports the row', async () => {
    const { backend } = setup();
    let calls = 0;
    const down: ImportBackend = {
      ...backend,
      async create() {
        calls++;
        throw new HttpError('Ocurrió un error inesperado. Intente nuevamente.', 500, null);
      },
    };
    const report = await run('marca', 'nombre;codigo\nGamma;G\n', down, { retries: 2 });
    expect(calls).toBe(3);
    expect(report.rejectedRows[0].problems[0].reason).toBe(
      'Error: Ocurrió un error inesperado. Intente nuevamente.',
    );
  });

  it('cancel: stops sending, reports the rows not sent, keeps what was imported', async () => {
    const { read, backend } = setup();
    const controller = new AbortController();
    const lines = Array.from({ length: 30 }, (_, i) => `Nueva ${i};N${i}`);
    const report = await run('marca', `nombre;codigo\n${lines.join('\n')}\n`, backend, {
      batchSize: 10,
      concurrency: 1,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.created === 12) controller.abort();
      },
    });
    expect(report.cancelled).toBe(true);
    expect(report.created).toBe(12);
    expect(report.notProcessed).toBe(18);
    expect(report.rejectedRows.filter((r) => r.cancelled)).toHaveLength(18);
    expect(report.rejectedRows[0].problems[0].reason).toBe(CANCELLED_REASON);
    expect((await read('Marca')).filter((m) => String(m.nombre).startsWith('Nueva'))).toHaveLength(12);
  });

  it('progress: done, total, rate and time left', async () => {
    const { backend } = setup();
    let clock = 0;
    const seen: number[] = [];
    const report = await run('marca', 'nombre;codigo\nA1;1\nA2;2\nA3;3\nA4;4\n', backend, {
      concurrency: 1,
      now: () => (clock += 250),
      onProgress: (p) => seen.push(p.done),
    });
    expect(seen.at(-1)).toBe(4);
    expect(report.total).toBe(4);
    expect(report.rate).toBeGreaterThan(0);
    expect(report.remainingMs).toBe(0);
  });

  it('rows with problems are rejected without any request; the rejected CSV carries line, column and reason', async () => {
    const { backend } = setup();
    const csv = 'nombre;codigo\n;X\nBueno;B1\nMalo;M1;sobra\n';
    const schema = marcaSchema;
    const parsed = parseCsv(csv);
    const rows = prepareRows(schema, parsed.records, autoMap(schema, parsed.headers));
    const report = await runImport({ schema, rows, backend, empresaId: 1 });
    expect(report).toMatchObject({ created: 1, rejected: 2 });
    const cells = new Map(parsed.records.map((r) => [r.line, r.cells]));
    const file = rejectedRowsCsv(parsed.headers, report.rejectedRows, (line) => cells.get(line));
    const back = parseCsv(file);
    expect(back.headers).toEqual(['nombre', 'codigo', 'Línea', 'Columna', 'Motivo']);
    expect(back.records.map((r) => r.cells)).toEqual([
      ['', 'X', '2', 'nombre', "El campo 'nombre' es obligatorio"],
      ['Malo', 'M1;sobra', '4', '', 'La fila tiene 3 columnas y la cabecera 2: sobran valores'],
    ]);
  });
});

describe('products whose producto_general cannot be created', () => {
  it('count as created, with a note; the next run adds the general data', async () => {
    const { read, backend } = setup();
    let failGeneral = true;
    const flaky: ImportBackend = {
      ...backend,
      async create(resource, body) {
        if (resource === 'producto-generals' && failGeneral) {
          throw new HttpError('Formato', 422, { error: { message: 'The request body is invalid.' } });
        }
        return backend.create(resource, body);
      },
    };
    const csv = 'nombre\nSKU-G1\n';
    const first = await run('productos', csv, flaky);
    expect(first).toMatchObject({ created: 1, rejected: 0 });
    expect(first.notes).toEqual([
      'Línea 2: producto creado sin sus datos generales (Formato del documento incorrecto); se crearán al importar el fichero de nuevo',
    ]);
    failGeneral = false;
    const second = await run('productos', csv, flaky);
    expect(second).toMatchObject({ created: 0, unchanged: 1, generalsCreated: 1, notes: [] });
    expect((await read('producto-generals')).map((g) => g.sku)).toEqual(['SKU-G1']);
  });
});

describe('runner helpers', () => {
  it('batches overlap, yet rows are matched to stored records in file order: the first row claims a record', async () => {
    const { read, backend } = setup();
    // batches of one: each row's lookup may start while the previous batch is still writing; the file's own
    // duplicate keys are problems of the preview, but an id and a natural key may name one record
    const csv = 'id;nombre;codigo\n;Nuevo;N1\n1;Alfa;A\n;Otro;O1\n;Alfa bis;A\n;Último;U1\n';
    const report = await run('marca', csv, backend, { batchSize: 1 });
    expect(report).toMatchObject({ created: 3, unchanged: 1, rejected: 1 });
    expect(report.rejectedRows).toEqual([
      {
        line: 5,
        problems: [{ column: '', reason: 'Fila duplicada: codigo = A es el mismo registro que la línea 3' }],
      },
    ]);
    const marcas = await read('Marca');
    expect(marcas.filter((m) => ['N1', 'O1', 'U1'].includes(String(m.codigo))).map((m) => m.nombre)).toEqual([
      'Nuevo',
      'Otro',
      'Último',
    ]);
    expect(marcas.find((m) => m.id === 1)?.nombre).toBe('Alfa');
  });

  it('transient = no answer or 5xx', () => {
    expect(isTransient(new HttpError('x', 0, null))).toBe(true);
    expect(isTransient(new HttpError('x', 502, null))).toBe(true);
    expect(isTransient(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTransient(new HttpError('x', 422, null))).toBe(false);
    expect(isTransient(new HttpError('x', 404, null))).toBe(false);
    expect(isTransient(Object.assign(new Error('a'), { name: 'AbortError' }))).toBe(false);
    expect(isTransient(new Error('Operación no permitida'))).toBe(false);
  });

  it('changedValues: lossy export text, numbers, dates and blanks compare as equal', () => {
    const stored = { id: 1, nombre: 'Línea 1\nLínea 2; fin', codigo: null, fechaModificacion: 'x' };
    expect(
      changedValues(marcaSchema, { id: 1, nombre: 'Línea 1 Línea 2  fin', codigo: null }, stored),
    ).toEqual({});
    expect(changedValues(marcaSchema, { nombre: 'Otro', codigo: 'N' }, stored)).toEqual({
      nombre: 'Otro',
      codigo: 'N',
    });
    // an empty cell never clears a stored value
    expect(changedValues(marcaSchema, { nombre: null, codigo: '' }, { nombre: 'A', codigo: 'B' })).toEqual(
      {},
    );
    expect(
      changedValues(productSchema, { empresaId: 2, nombre: 'x' }, { empresaId: 1, nombre: 'x' }),
    ).toEqual({});
  });

  it('lookup wheres: inq per key, and/inq for composite keys, split to keep URLs short', () => {
    const wheres = lookupWheres([
      { kind: 'id', field: 'id', value: 1, text: '[1]' },
      { kind: 'natural', fields: ['a', 'b'], values: ['x', 2], text: '' },
      { kind: 'natural', fields: ['a', 'b'], values: ['y', 3], text: '' },
    ]);
    expect(wheres).toEqual([
      { id: { inq: [1] } },
      { and: [{ a: { inq: ['x', 'y'] } }, { b: { inq: [2, 3] } }] },
    ]);
    const many = lookupWheres(
      Array.from({ length: 400 }, (_, i) => ({
        kind: 'natural' as const,
        fields: ['nombre'],
        values: [`Un nombre bastante largo de producto ${i}`],
        text: '',
      })),
    );
    expect(many.length).toBeGreaterThan(1);
    expect(many.every((w) => encodeURIComponent(JSON.stringify(w)).length < 7000)).toBe(true);
    // a batch of 200 usual SKUs is one lookup; names needing escapes count as the URL carries them
    const skus = (make: (i: number) => string) =>
      lookupWheres(
        Array.from({ length: 200 }, (_, i) => ({
          kind: 'natural' as const,
          fields: ['nombre'],
          values: [make(i)],
          text: '',
        })),
      );
    expect(skus((i) => `BENCH12345-IMP-${i}`)).toHaveLength(1);
    const accented = skus((i) => `Bisagra «ñ» ${i} áéíóú`);
    expect(accented.length).toBeGreaterThan(1);
    expect(accented.every((w) => encodeURIComponent(JSON.stringify(w)).length < 7000)).toBe(true);
    expect(matchesWhere({ a: 'x', b: 2 }, wheres[1])).toBe(true);
    expect(matchesWhere({ a: 'x', b: 4 }, wheres[1])).toBe(false);
  });
});
