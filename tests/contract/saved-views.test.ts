// @vitest-environment node
/**
 * Saved views through the reference API (vistas-guardadas, server/features/saved-views.ts) and the app's data
 * provider: the API sets the owner; a user sees their own views and those shared in their company, never
 * another user's unshared view nor another company's shared one; only the owner changes or deletes a view;
 * one default view per user and list; the state's length limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataProvider } from 'ra-core';
import { loopbackDataProvider } from '../../src/dataProvider/loopback';
import { SAVED_VIEW_STATE_MAX } from '../../src/core/savedViews';
import { testHttpClient } from '../support/appClient';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';
import { apiHelpers, type Row } from '../support/api';
import { testUser, type TestUser } from '../support/access';

const PATH = '/vistas-guardadas';
const PERMISOS = ['read|Auth', 'manage|vistas-guardadas'];

let server: StartedServer;
let admin: string;
/** Two users of company 1 and one of company 2, holding only the saved views' permiso. */
let ana: TestUser;
let bea: TestUser;
let otra: TestUser;

const { call, rows, count } = apiHelpers(() => server.url);

const view = (nombre: string, extra: Row = {}) => ({
  nombre,
  recurso: 'productos',
  estado: JSON.stringify({ filter: { finalizado: 'S' }, columns: ['nombre'], perPage: 25 }),
  ...extra,
});

const create = async (user: TestUser, data: Row) => {
  const res = await call(user.token, 'POST', PATH, data);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const names = (list: Row[]) => list.map((r) => r.nombre).sort();

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await loginToken(server.url, demoLogins().admin);
  ana = await testUser(server.url, admin, 1, PERMISOS);
  bea = await testUser(server.url, admin, 1, PERMISOS);
  otra = await testUser(server.url, admin, 2, PERMISOS);
});

afterAll(async () => {
  await server?.stop();
});

describe('who sees a view', () => {
  it('the owner is the caller, whatever the body says; a body naming an owner is refused', async () => {
    const own = await create(ana, view('Ana privada'));
    expect(own.usuarioId).toBe(ana.id);
    expect(own.empresaId).toBe(1);
    const forged = await call(ana.token, 'POST', PATH, { ...view('Falsa'), usuarioId: bea.id });
    expect(forged.status).toBe(422);
  });

  it('another user of the company never sees an unshared view; a shared one, yes', async () => {
    await create(ana, view('Ana compartida', { compartidaSN: 'S' }));
    await create(bea, view('Bea privada'));
    expect(names(await rows(ana.token, PATH))).toEqual(['Ana compartida', 'Ana privada']);
    expect(names(await rows(bea.token, PATH))).toEqual(['Ana compartida', 'Bea privada']);
    expect(await count(bea.token, PATH)).toBe(2);
    // however the where is written
    expect(names(await rows(bea.token, PATH, { where: { usuarioId: ana.id } }))).toEqual(['Ana compartida']);
    expect(await rows(bea.token, PATH, { where: { nombre: 'Ana privada' } })).toEqual([]);
    expect(await count(bea.token, PATH, { usuarioId: ana.id, compartidaSN: 'N' })).toBe(0);
    expect(await count(bea.token, PATH, { usuarioId: ana.id })).toBe(1);
    const privada = (await rows(ana.token, PATH, { where: { nombre: 'Ana privada' } }))[0];
    expect((await call(bea.token, 'GET', `${PATH}/${privada.id}`)).status).toBe(404);
  });

  it('another company never sees a shared view, by list, count or id', async () => {
    const shared = (await rows(ana.token, PATH, { where: { nombre: 'Ana compartida' } }))[0];
    expect(await rows(otra.token, PATH)).toEqual([]);
    expect(await count(otra.token, PATH)).toBe(0);
    expect(await rows(otra.token, PATH, { where: { compartidaSN: 'S' } })).toEqual([]);
    expect((await call(otra.token, 'GET', `${PATH}/${shared.id}`)).status).toBe(404);
    // and its own shared views stay in company 2
    await create(otra, view('Otra compartida', { compartidaSN: 'S' }));
    expect(names(await rows(bea.token, PATH))).not.toContain('Otra compartida');
  });

  it('the data provider lists the selected company’s views of one list for the signed-in user', async () => {
    const http = testHttpClient(() => bea.token);
    const provider: DataProvider = loopbackDataProvider(server.url, http, { getEmpresaId: () => 1 });
    const { data, total } = await provider.getList('vistas-guardadas', {
      filter: { recurso: 'productos' },
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'nombre', order: 'ASC' },
    });
    expect(data.map((r) => r.nombre)).toEqual(['Ana compartida', 'Bea privada']);
    expect(total).toBe(2);
  });
});

describe('who changes a view', () => {
  it('only the owner updates, replaces or deletes; a shared view is 403 to others, a private one 404', async () => {
    const shared = (await rows(ana.token, PATH, { where: { nombre: 'Ana compartida' } }))[0];
    const privada = (await rows(ana.token, PATH, { where: { nombre: 'Ana privada' } }))[0];
    for (const [method, body] of [
      ['PATCH', { nombre: 'Robada' }],
      ['PUT', view('Robada')],
      ['DELETE', undefined],
    ] as const) {
      const onShared = await call(bea.token, method, `${PATH}/${shared.id}`, body);
      expect(onShared.status, method).toBe(403);
      expect(onShared.body.error?.message).toBe(
        'Solo quien creó este registro puede modificarlo o eliminarlo.',
      );
      expect((await call(bea.token, method, `${PATH}/${privada.id}`, body)).status, method).toBe(404);
      expect((await call(otra.token, method, `${PATH}/${shared.id}`, body)).status, method).toBe(404);
    }
    expect(names(await rows(ana.token, PATH))).toEqual(['Ana compartida', 'Ana privada']);
    const renamed = await call(ana.token, 'PATCH', `${PATH}/${privada.id}`, { nombre: 'Ana renombrada' });
    expect(renamed.status).toBe(204);
    expect((await call(ana.token, 'GET', `${PATH}/${privada.id}`)).body.usuarioId).toBe(ana.id);
    // «Actualizar»: the owner gives the view the list as it is now
    const estado = JSON.stringify({ filter: { finalizado: 'N' }, columns: ['nombre', 'sku'], perPage: 50 });
    expect((await call(bea.token, 'PATCH', `${PATH}/${shared.id}`, { estado })).status).toBe(403);
    expect((await call(ana.token, 'PATCH', `${PATH}/${privada.id}`, { estado })).status).toBe(204);
    expect((await call(ana.token, 'GET', `${PATH}/${privada.id}`)).body).toMatchObject({
      nombre: 'Ana renombrada',
      estado,
    });
  });

  it('one default view per user and list: making one the default lowers the others', async () => {
    const a = await create(ana, view('Por defecto A', { predeterminadaSN: 'S' }));
    const b = await create(ana, view('Por defecto B', { predeterminadaSN: 'S' }));
    const other = await create(ana, view('Marcas', { recurso: 'Marca', predeterminadaSN: 'S' }));
    const beaDefault = await create(bea, view('Bea por defecto', { predeterminadaSN: 'S' }));
    const flag = async (user: TestUser, id: unknown) =>
      (await call(user.token, 'GET', `${PATH}/${id}`)).body.predeterminadaSN;
    expect(await flag(ana, a.id)).toBe('N');
    expect(await flag(ana, b.id)).toBe('S');
    expect(await flag(ana, other.id)).toBe('S');
    expect(await flag(bea, beaDefault.id)).toBe('S');
    expect((await call(ana.token, 'PATCH', `${PATH}/${a.id}`, { predeterminadaSN: 'S' })).status).toBe(204);
    expect(await flag(ana, a.id)).toBe('S');
    expect(await flag(ana, b.id)).toBe('N');
    expect(await flag(bea, beaDefault.id)).toBe('S');
  });

  it('a state longer than the limit is refused on its field', async () => {
    const res = await call(
      ana.token,
      'POST',
      PATH,
      view('Enorme', { estado: 'x'.repeat(SAVED_VIEW_STATE_MAX + 1) }),
    );
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body)).toContain('estado');
  });

  it('without the permiso nothing is listed or saved', async () => {
    const sinPermiso = await testUser(server.url, admin, 1, ['read|Auth', 'read|productos']);
    expect((await call(sinPermiso.token, 'GET', PATH)).status).toBe(403);
    expect((await call(sinPermiso.token, 'POST', PATH, view('No'))).status).toBe(403);
  });
});
