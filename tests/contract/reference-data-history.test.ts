// @vitest-environment node
/**
 * Contract: the history of the reference data products depend on (GET /{categorias|familias|Marca|atributos}/
 * {id}/versiones). A creation, a change and a removal of each write a version with who, when, the origin and
 * each field old → new; a refused change writes none; saves of one user and origin within a minute merge; a
 * removed record's history stays readable by its company; the purge bounds it; company isolation and the
 * `read historial` permiso apply as for the product history.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceVersion } from '../../src/core/history/referenceVersions';
import { testUser } from '../support/access';
import { apiHelpers, type Row } from '../support/api';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

const require = createRequire(import.meta.url);

let server: StartedServer;
let admin: string;
const { call } = apiHelpers(() => server.url);
const tag = `RH${Date.now() % 100000}`;
const EMPRESA = 1;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
});

afterAll(async () => {
  await server?.stop();
});

/** A call as the admin with an X-Origen header. */
const callFrom = (origen: string, method: string, path: string, body?: unknown) =>
  call(admin, method, path, body, { 'X-Origen': origen });

const created = async (resource: string, body: Row, origen = 'api'): Promise<Row> => {
  const res = await callFrom(origen, 'POST', `/${resource}`, { empresaId: EMPRESA, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const versions = async (resource: string, id: unknown, token = admin): Promise<ReferenceVersion[]> => {
  const res = await call(token, 'GET', `/${resource}/${String(id)}/versiones`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as ReferenceVersion[];
};

const change = (version: ReferenceVersion, campo: string) => version.cambios.find((c) => c.campo === campo);

describe('each change of a reference record writes a version', () => {
  it.each([
    ['familias', { nombre: `${tag} Familia`, codigo: `${tag}F` }, { nombre: `${tag} Familia Pro` }],
    ['Marca', { nombre: `${tag} Marca`, codigo: `${tag}M` }, { nombre: `${tag} Marca Nueva` }],
    ['atributos', { nombre: `${tag} Potencia`, unidad: 'W' }, { unidad: 'kW' }],
    ['categorias', { codigo: `${tag}C`, nombre: `${tag} Categoría` }, { nombre: `${tag} Categoría 2` }],
  ] as const)(
    '%s: creation (api) and a change (form), newest first, old → new',
    async (resource, body, edit) => {
      const record = await created(resource, body);
      const res = await callFrom('formulario', 'PATCH', `/${resource}/${String(record.id)}`, edit);
      expect(res.status, JSON.stringify(res.body)).toBe(204);
      const [changed, creation] = await versions(resource, record.id);
      expect(creation).toMatchObject({ recurso: resource, registroId: record.id, origen: 'api' });
      for (const [field, value] of Object.entries(body))
        expect(change(creation, field)).toMatchObject({ anterior: null, nuevo: value });
      expect(changed).toMatchObject({ origen: 'formulario', usuario: demoLogins().admin.email });
      const [field, value] = Object.entries(edit)[0];
      expect(changed.cambios).toEqual([
        expect.objectContaining({ campo: field, anterior: (body as Row)[field], nuevo: value }),
      ]);
      expect(change(changed, field)?.etiqueta).toBeTruthy();
      expect(Date.parse(changed.fecha)).toBeGreaterThan(Date.now() - 60_000);
    },
  );

  it('a refused change (a name another family has) writes no version', async () => {
    const first = await created('familias', { nombre: `${tag} Uno` });
    await created('familias', { nombre: `${tag} Dos` });
    const before = await versions('familias', first.id);
    const res = await call(admin, 'PATCH', `/familias/${String(first.id)}`, { nombre: `${tag} Dos` });
    expect(res.status).toBe(422);
    expect(await versions('familias', first.id)).toEqual(before);
  });

  it('saves of one user and origin within a minute merge; a change back disappears', async () => {
    const brand = await created('Marca', { nombre: `${tag} Fusión` }, 'formulario');
    await callFrom('formulario', 'PATCH', `/Marca/${String(brand.id)}`, { codigo: `${tag}X` });
    const [merged, ...rest] = await versions('Marca', brand.id);
    expect(rest).toEqual([]);
    expect(change(merged, 'codigo')).toMatchObject({ anterior: null, nuevo: `${tag}X` });
    await callFrom('importacion', 'PATCH', `/Marca/${String(brand.id)}`, { codigo: `${tag}Y` });
    await callFrom('importacion', 'PATCH', `/Marca/${String(brand.id)}`, { codigo: `${tag}X` });
    expect(await versions('Marca', brand.id)).toHaveLength(1);
  });

  it('a removal is a version (every field → null) and the history stays readable by the company', async () => {
    const family = await created('familias', { nombre: `${tag} Efímera`, codigo: `${tag}E` });
    const gone = await call(admin, 'DELETE', `/familias/${String(family.id)}`);
    expect(gone.status).toBe(204);
    const [removal] = await versions('familias', family.id);
    expect(change(removal, 'nombre')).toMatchObject({ anterior: `${tag} Efímera`, nuevo: null });
    const other = await testUser(server.url, admin, 2);
    expect((await call(other.token, 'GET', `/familias/${String(family.id)}/versiones`)).status).toBe(404);
    expect((await call(admin, 'GET', '/familias/999999999/versiones')).status).toBe(404);
  });
});

describe('retention, company isolation and permisos', () => {
  it("another company's record answers 404; read historial is needed (403 without it)", async () => {
    const attribute = await created('atributos', { nombre: `${tag} Aislado` });
    const path = `/atributos/${String(attribute.id)}/versiones`;
    const other = await testUser(server.url, admin, 2);
    expect((await call(other.token, 'GET', path)).status).toBe(404);
    const none = await testUser(server.url, admin, EMPRESA, ['read|atributos']);
    expect((await call(none.token, 'GET', path)).status).toBe(403);
    const reader = await testUser(server.url, admin, EMPRESA, ['read|atributos', 'read|historial']);
    expect(await versions('atributos', attribute.id, reader.token)).toHaveLength(1);
  });

  it('the purge removes reference versions older than the days kept, nothing newer', async () => {
    const family = await created('familias', { nombre: `${tag} Antigua` });
    const repos = (
      server as unknown as { repositories: { repository(n: string): { create(r: Row): Promise<Row> } } }
    ).repositories;
    const old = new Date(Date.now() - 400 * 24 * 3600 * 1000);
    for (let i = 0; i < 3; i += 1)
      await repos.repository('historial-referencias').create({
        empresaId: EMPRESA,
        recurso: 'familias',
        registroId: family.id,
        fecha: old,
        usuario: 'x',
        origen: 'api',
        cambios: '[]',
      });
    expect(await versions('familias', family.id)).toHaveLength(4);
    const { purgeHistory } = require('../../dist-server/server/features/history/retention.js') as {
      purgeHistory(repos: unknown, opts?: { batch?: number; maxBatches?: number }): Promise<number>;
    };
    expect(
      await purgeHistory(repos, { batch: 50, maxBatches: Number.MAX_SAFE_INTEGER }),
    ).toBeGreaterThanOrEqual(3);
    const left = await versions('familias', family.id);
    expect(left).toHaveLength(1);
    expect(left[0].usuario).toBe(demoLogins().admin.email);
  });
});
