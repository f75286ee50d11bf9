// @vitest-environment node
/**
 * Low-code proof (API side): the 'Almacenes' resource declared only by a schema (tests/support/almacenes.ts),
 * handed to the reference API as `extraSchemas` and to the app's registry with registerSchemas, works end to end
 * through the app's real data provider: CRUD routes with LoopBack's shapes, its filters, validation, a unique
 * code per company, company isolation, and the CSV export of the import/export engine. No other code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import { exportFile, exportRows } from '../../src/resources/generic/csvExport/exporter';
import { loopbackDataProvider } from '../../src/dataProvider/loopback';
import { registerSchemas } from '../../src/resources/registry';
import { testHttpClient } from '../support/appClient';
import { almacenes } from '../support/almacenes';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';
import { testUser } from '../support/access';

let server: StartedServer;
let admin: string;
let editor: string;
let unregister: () => void;
const tag = `LC${Date.now() % 100000}`;

const providerFor = (token: () => string, empresaId = 1): DataProvider =>
  loopbackDataProvider(server.url, testHttpClient(token), { getEmpresaId: () => empresaId });

const page = { page: 1, perPage: 10 };
const sort = { field: 'nombre', order: 'ASC' as const };

beforeAll(async () => {
  unregister = registerSchemas(almacenes);
  server = await startTestServer({ seed: true, extraSchemas: [almacenes] } as Parameters<
    typeof startTestServer
  >[0]);
  admin = await loginToken(server.url, demoLogins().admin);
  // A non-admin of company 1 holding every permiso: only company isolation limits them.
  editor = (await testUser(server.url, admin, 1)).token;
});

afterAll(async () => {
  unregister?.();
  await server?.stop();
});

describe('a resource declared only by a schema, on the reference API', () => {
  it('creates (200, defaults applied, company from the selection), reads, updates, deletes', async () => {
    const provider = providerFor(() => admin);
    const { data: created } = await provider.create('Almacenes', {
      data: { nombre: `${tag} Central`, codigo: `${tag}C` },
    });
    expect(created).toMatchObject({ nombre: `${tag} Central`, empresaId: 1, capacidad: 0, activo: 'S' });
    expect(typeof created.id).toBe('number');
    const { data: one } = await provider.getOne('Almacenes', { id: created.id });
    expect(one).toMatchObject({ id: created.id, codigo: `${tag}C` });
    await provider.update('Almacenes', {
      id: created.id,
      data: { ...one, capacidad: 900 },
      previousData: one,
    });
    expect((await provider.getOne('Almacenes', { id: created.id })).data.capacidad).toBe(900);
    await provider.delete('Almacenes', { id: created.id, previousData: one });
    await expect(provider.getOne('Almacenes', { id: created.id })).rejects.toMatchObject({ status: 404 });
  });

  it('lists with its declared filters (nombre like, activo S/N), sorted and counted', async () => {
    const provider = providerFor(() => admin);
    for (const [nombre, activo] of [
      [`${tag} Zaragoza`, 'N'],
      [`${tag} Bilbao`, 'S'],
      [`${tag} Alicante`, 'S'],
    ]) {
      await provider.create('Almacenes', { data: { nombre, activo } });
    }
    const all = await provider.getList('Almacenes', {
      pagination: page,
      sort,
      filter: { nombre: tag.toLowerCase() },
    });
    expect(all.total).toBe(3);
    expect(all.data.map((row) => row.nombre)).toEqual([
      `${tag} Alicante`,
      `${tag} Bilbao`,
      `${tag} Zaragoza`,
    ]);
    const active = await provider.getList('Almacenes', {
      pagination: page,
      sort,
      filter: { nombre: tag, activo: 'S' },
    });
    expect(active.data.map((row) => row.nombre)).toEqual([`${tag} Alicante`, `${tag} Bilbao`]);
  });

  it('validates: a missing nombre is 422 with the field, a duplicate code in the company is ER_DUP_ENTRY', async () => {
    const provider = providerFor(() => admin);
    await expect(provider.create('Almacenes', { data: { codigo: `${tag}X` } })).rejects.toMatchObject({
      status: 422,
      body: { error: { code: 'VALIDATION_FAILED', details: [{ info: { missingProperty: 'nombre' } }] } },
    });
    await provider.create('Almacenes', { data: { nombre: `${tag} Uno`, codigo: `${tag}D` } });
    await expect(
      provider.create('Almacenes', { data: { nombre: `${tag} Dos`, codigo: `${tag}D` } }),
    ).rejects.toMatchObject({ status: 422, body: { error: { code: 'ER_DUP_ENTRY' } } });
    // the same code in another company is fine
    const other = await providerFor(() => admin, 2).create('Almacenes', {
      data: { nombre: `${tag} Dos`, codigo: `${tag}D` },
    });
    expect(other.data.empresaId).toBe(2);
  });

  it('is scoped by company: the editor neither sees nor writes company 2', async () => {
    await providerFor(() => admin, 2).create('Almacenes', { data: { nombre: `${tag} Oporto` } });
    const asEditor = providerFor(() => editor, 2);
    const seen = await asEditor.getList('Almacenes', {
      pagination: page,
      sort,
      filter: { nombre: `${tag} Oporto` },
    });
    expect(seen.total).toBe(0);
    await expect(asEditor.create('Almacenes', { data: { nombre: `${tag} Vigo` } })).rejects.toMatchObject({
      status: 403,
    });
    const res = await fetch(`${server.url}/Almacenes`);
    expect(res.status).toBe(401);
  });

  it('exports as {table}_PIM.csv with the import/export engine', async () => {
    const provider = providerFor(() => admin);
    const rows = await exportRows(provider, almacenes, { filter: { nombre: tag } });
    const file = exportFile(almacenes, rows);
    expect(file.fileName).toBe('almacenes_PIM.csv');
    const [header, ...lines] = file.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header.split(';')).toEqual(expect.arrayContaining(['nombre', 'codigo', 'capacidad', 'activo']));
    expect(lines.length).toBe(rows.length);
    expect(file.text).toContain(`${tag} Bilbao`);
    expect(rows.every((row) => row.empresaId === 1)).toBe(true);
  });
});
