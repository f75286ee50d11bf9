// @vitest-environment node
/**
 * Reference API, client filters: an unknown property (at any depth, in list, count, update-many and the
 * catalogue listings), a pattern operator (`regexp`, `ilike`, `nilike`), a page above the row cap or an
 * `inq` list above the value cap answer 400 in LoopBack's shape with a Spanish message, on every engine —
 * never a match-all. Valid filters keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPath } from '../../src/core/catalogueProducts/contract';
import { MAX_LIST_VALUES, MAX_PAGE_ROWS } from '../../src/core/queryLimits';
import { adminUser } from '../support/access';
import { apiCaller, q } from '../support/api';
import { startTestServer, type StartedServer } from '../support/server';

interface Repo {
  create(data: Record<string, unknown>): Promise<{ id: number }>;
}
interface ServerWithRepos extends StartedServer {
  repositories: { repository(name: string): Repo };
}

let server: ServerWithRepos;
let token: string;
let catalogoId: number;

interface Answer {
  status: number;
  body: { error?: { statusCode: number; name: string; message: string } } & Record<string, unknown>;
}

const api = apiCaller(() => server.url);
const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
  const answer = await api(token, method, path, body);
  return { status: answer.status, body: (answer.body ?? {}) as Answer['body'] };
};

/** A 400 BadRequestError whose Spanish message contains `fragment`. */
const expectBadRequest = (answer: Answer, fragment: string) => {
  expect(answer.status).toBe(400);
  expect(answer.body.error).toMatchObject({ statusCode: 400, name: 'BadRequestError' });
  expect(answer.body.error?.message).toContain(fragment);
};

const clubNames = async (): Promise<string[]> => {
  const res = await call('GET', `/Clubs?filter=${q({ order: ['id ASC'] })}`);
  expect(res.status).toBe(200);
  return (res.body as unknown as { nombre: string }[]).map((club) => club.nombre);
};

beforeAll(async () => {
  server = (await startTestServer({ seed: false })) as ServerWithRepos;
  const repo = (name: string) => server.repositories.repository(name);
  // an admin, so what answers 400 is the filter, never the permiso
  ({ token } = await adminUser(server, {
    empresa: { id: 1, nombre: 'Empresa Filtros', codigo: 'EF' },
    nombre: 'Filtros',
    mail: 'filtros@test.pim',
  }));
  await repo('Clubs').create({ nombre: 'Club Uno', empresaId: 1 });
  await repo('Clubs').create({ nombre: 'Club Dos', empresaId: 1 });
  const catalogo = await repo('catalogos').create({ nombre: 'Cat Filtros', codigo: 'CF', empresaId: 1 });
  catalogoId = (catalogo as unknown as { Id: number }).Id;
});

afterAll(async () => {
  await server?.stop();
});

describe('unknown properties', () => {
  it('PATCH ?where with an unknown property is 400 naming it and updates nothing', async () => {
    const before = await clubNames();
    expect(before).toEqual(['Club Uno', 'Club Dos']);
    const res = await call('PATCH', `/Clubs?where=${q({ nombreX: 'zzz' })}`, { descripcion: 'tocado' });
    expectBadRequest(res, '"nombreX"');
    const after = await call('GET', `/Clubs/count?where=${q({ descripcion: 'tocado' })}`);
    expect(after.body).toEqual({ count: 0 });
  });

  it('list and count: unknown properties inside and/or are 400 naming them', async () => {
    const where = { or: [{ nombre: 'Club Uno' }, { and: [{ empresaId: 1 }, { colorFavorito: 'rojo' }] }] };
    expectBadRequest(await call('GET', `/Clubs?filter=${q({ where })}`), '"colorFavorito"');
    expectBadRequest(await call('GET', `/Clubs/count?where=${q(where)}`), '"colorFavorito"');
  });

  it('an unknown property in order or fields is 400; a write-only field cannot be filtered by', async () => {
    expectBadRequest(await call('GET', `/Clubs?filter=${q({ order: ['rango DESC'] })}`), '"rango"');
    expectBadRequest(await call('GET', `/Clubs?filter=${q({ fields: ['id', 'socios'] })}`), '"socios"');
    expectBadRequest(
      await call('GET', `/usuarios?filter=${q({ where: { password: { like: '$2%' } } })}`),
      '"password"',
    );
  });

  it('catalogue listings reject unknown properties and pattern operators', async () => {
    const path = listPath(catalogoId, 'disponibles');
    expect((await call('GET', `${path}?filter=${q({ where: { nombre: { like: '%' } } })}`)).status).toBe(200);
    expectBadRequest(
      await call('GET', `${path}?filter=${q({ where: { nombre: { regexp: '^(a+)+$' } } })}`),
      '"regexp"',
    );
  });
});

describe('operators and sizes', () => {
  it.each(['regexp', 'ilike', 'nilike'])('%s is 400 with a Spanish message', async (operator) => {
    const res = await call('GET', `/Clubs?filter=${q({ where: { nombre: { [operator]: 'club' } } })}`);
    expectBadRequest(res, `"${operator}" no está permitido`);
  });

  it('an operator that is not a SQL comparison is 400', async () => {
    expectBadRequest(await call('GET', `/Clubs/count?where=${q({ nombre: { near: 'x' } })}`), '"near"');
  });

  it(`a limit above ${MAX_PAGE_ROWS} is 400; at the cap it answers`, async () => {
    expectBadRequest(
      await call('GET', `/Clubs?filter=${q({ limit: MAX_PAGE_ROWS + 1 })}`),
      String(MAX_PAGE_ROWS),
    );
    expect((await call('GET', `/Clubs?filter=${q({ limit: MAX_PAGE_ROWS })}`)).status).toBe(200);
  });

  it(`an inq list above ${MAX_LIST_VALUES} values is 400`, async () => {
    const ids = Array.from({ length: MAX_LIST_VALUES + 1 }, (_, i) => i + 1);
    expectBadRequest(
      await call('GET', `/Clubs/count?where=${q({ id: { inq: ids } })}`),
      String(MAX_LIST_VALUES),
    );
  });

  it('valid filters keep answering: like (case-insensitive), inq, and/or, order', async () => {
    const where = { or: [{ nombre: { like: '%uno' } }, { id: { inq: [999999] } }] };
    const res = await call('GET', `/Clubs?filter=${q({ where, order: ['nombre DESC'], limit: 5 })}`);
    expect(res.status).toBe(200);
    expect((res.body as unknown as { nombre: string }[]).map((c) => c.nombre)).toEqual(['Club Uno']);
    const patched = await call('PATCH', `/Clubs?where=${q({ nombre: 'Club Dos' })}`, { descripcion: 'ok' });
    expect(patched.body).toEqual({ count: 1 });
  });
});
