// @vitest-environment node
/**
 * "A field declared is a field usable" (API side): `pesoKg` added to products only in a test-only declaration
 * (tests/support/productosConPeso.ts), handed to the reference API as `extraSchemas` (it replaces the registry's
 * products) and to the app's registry with registerSchemas. Through the app's real data provider it is created,
 * read, updated and filtered on; the CSV export writes its column and the CSV import reads it back. No other
 * code knows the field. The screens' side is tests/component/field-declared.test.tsx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import { parseCsv } from '../../src/core/csv/csv';
import { backendFromDataProvider } from '../../src/custom/importExport/backend';
import { autoMap, columnsOf } from '../../src/custom/importExport/mapping';
import { prepareRows } from '../../src/custom/importExport/prepare';
import { runImport } from '../../src/custom/importExport/runner';
import { exportFile, exportRows } from '../../src/resources/generic/csvExport/exporter';
import { registerSchemas, schemaForTable } from '../../src/resources/registry';
import { testDataProvider } from '../support/appClient';
import { csvRows } from '../support/csvRows';
import { productosConPeso } from '../support/productosConPeso';
import { loginToken, startTestServer, type StartedServer } from '../support/server';

let server: StartedServer;
let token: string;
let provider: DataProvider;
let unregister: () => void;
const tag = `PK${Date.now() % 100000}`;

const byName = async (nombre: string) =>
  (
    await provider.getList('productos', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'nombre', order: 'ASC' },
      filter: { nombre },
    })
  ).data;

beforeAll(async () => {
  unregister = registerSchemas(productosConPeso);
  server = await startTestServer({ seed: true, extraSchemas: [productosConPeso] });
  token = await loginToken(server.url);
  provider = testDataProvider(
    server.url,
    () => token,
    () => 1,
  );
});

afterAll(async () => {
  unregister?.();
  await server?.stop();
});

describe('pesoKg, declared only in a schema, on the reference API', () => {
  it('is created, read and updated like any product field', async () => {
    const { data: created } = await provider.create('productos', {
      data: { nombre: `${tag}-A`, pesoKg: 1.25 },
    });
    expect(created).toMatchObject({ nombre: `${tag}-A`, pesoKg: 1.25, empresaId: 1 });
    const { data: read } = await provider.getOne('productos', { id: created.id });
    expect(read.pesoKg).toBe(1.25);
    await provider.update('productos', {
      id: created.id,
      data: { ...read, pesoKg: 2.5 },
      previousData: read,
    });
    expect((await provider.getOne('productos', { id: created.id })).data.pesoKg).toBe(2.5);
  });

  it('is validated by the API from its declaration (a negative weight is 422 naming the field)', async () => {
    await expect(
      provider.create('productos', { data: { nombre: `${tag}-N`, pesoKg: -1 } }),
    ).rejects.toMatchObject({ status: 422 });
    const res = await fetch(`${server.url}/productos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ nombre: `${tag}-N`, empresaId: 1, pesoKg: -1 }),
    });
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain('pesoKg');
  });

  it('filters lists: equality through the data provider, a range through a LoopBack where', async () => {
    await provider.create('productos', { data: { nombre: `${tag}-B`, pesoKg: 7.125 } });
    const { data, total } = await provider.getList('productos', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'nombre', order: 'ASC' },
      filter: { nombre: tag, pesoKg: 7.125 },
    });
    expect(total).toBe(1);
    expect(data.map((row) => row.nombre)).toEqual([`${tag}-B`]);
    const where = encodeURIComponent(
      JSON.stringify({ where: { nombre: { like: `${tag}%` }, pesoKg: { gte: 2 } }, order: ['nombre ASC'] }),
    );
    const res = await fetch(`${server.url}/productos?filter=${where}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { nombre: string; pesoKg: number }[];
    expect(rows.map((row) => [row.nombre, row.pesoKg])).toEqual([
      [`${tag}-A`, 2.5],
      [`${tag}-B`, 7.125],
    ]);
  });

  it('is a column of the productos CSV export, and the CSV import reads it back', async () => {
    const schema = schemaForTable('productos')!;
    expect(schema.fields.some((field) => field.name === 'pesoKg')).toBe(true);
    const file = exportFile(schema, await exportRows(provider, schema, { filter: { nombre: tag } }));
    const { header, rows: lines } = csvRows(file.text);
    const column = header.indexOf('pesoKg');
    expect(column).toBeGreaterThan(-1);
    const exported = new Map(lines.map((cells) => [cells[header.indexOf('nombre')], cells[column]]));
    expect(exported.get(`${tag}-A`)).toMatch(/^2[.,]5/);
    expect(exported.get(`${tag}-B`)).toMatch(/^7[.,]125$/);

    const parsed = parseCsv(['nombre;pesoKg', `${tag}-A;3,75`, `${tag}-C;0,5`].join('\n'));
    const mappings = autoMap(schema, parsed.headers);
    const report = await runImport({
      schema,
      rows: prepareRows(schema, parsed.records, mappings),
      backend: backendFromDataProvider(provider, () => 1),
      empresaId: 1,
      columnOf: columnsOf(mappings),
      retryDelayMs: 10,
    });
    expect(report).toMatchObject({ created: 1, updated: 1, rejected: 0 });
    expect((await byName(`${tag}-A`))[0].pesoKg).toBe(3.75);
    expect((await byName(`${tag}-C`))[0].pesoKg).toBe(0.5);
  });
});
