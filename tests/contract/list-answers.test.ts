// @vitest-environment node
/**
 * List pages answer exactly what LoopBack's entities serialise to (server/plain-rows.ts builds them without
 * model instances): every declared field in declared order with a value of its type (dates as ISO strings,
 * null where nothing is stored), write-only and internal fields never, and for every resource the same bytes
 * as JSON.stringify of the repository's entities for the same filter (pages, order, fields, where).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../../src/resources/registry';
import type { FieldSchema, FieldType } from '../../src/resources/types';
import { muestras } from '../support/muestras';
import { loginToken, startTestServer, type StartedServer } from '../support/server';

interface Repositories {
  repository(name: string): { find(filter?: object): Promise<unknown[]> };
}

let server: StartedServer;
let repositories: Repositories;
let token: string;
const tag = `LA${Date.now() % 100000}`;

/** A row with every field filled, as it is written and as its list answers it. */
const llena = () => ({
  empresaId: 1,
  nombre: `${tag} llena`,
  descripcion: 'Texto largo\ncon «comillas» y emoji 🧪',
  unidades: 12,
  precio: 19.95,
  activa: true,
  revisada: 'S',
  desde: '2026-03-01T00:00:00.000Z',
  // whole seconds: MySQL's DATETIME keeps no fraction
  vista: '2026-03-01T10:20:30.000Z',
  idMarca: 1,
});

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const answer = async (path: string, filter: object): Promise<string> => {
  const res = await fetch(`${server.url}/${path}?filter=${q(filter)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status, `${path} ${JSON.stringify(filter)}`).toBe(200);
  return res.text();
};
const post = async (path: string, body: object): Promise<Record<string, unknown>> => {
  const res = await fetch(`${server.url}/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const typeOk: Record<FieldType, (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  text: (v) => typeof v === 'string',
  sn: (v) => v === 'S' || v === 'N',
  integer: (v) => Number.isInteger(v),
  reference: (v) => Number.isInteger(v),
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
  date: (v) => typeof v === 'string' && ISO.test(v),
  datetime: (v) => typeof v === 'string' && ISO.test(v),
};

beforeAll(async () => {
  server = await startTestServer({ seed: true, extraSchemas: [muestras] });
  repositories = (server as unknown as { repositories: Repositories }).repositories;
  token = await loginToken(server.url);
  await post('Muestras', { ...llena(), clave: 'no se lee nunca' });
  await post('Muestras', { empresaId: 1, nombre: `${tag} vacía`, activa: false, precio: -0.5 });
  await post('Muestras', { empresaId: 2, nombre: `${tag} otra empresa` });
});

afterAll(async () => {
  await server?.stop();
});

describe('list answers', () => {
  it('give every declared field its type, in declared order, and never a write-only field', async () => {
    const rows = JSON.parse(
      await answer('Muestras', { where: { nombre: { like: `${tag}%` } }, order: ['id ASC'], limit: 25 }),
    ) as Record<string, unknown>[];
    expect(rows).toHaveLength(3);
    const answered = (muestras.fields as readonly FieldSchema[]).filter((f) => !f.writeOnly);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(answered.map((f) => f.name));
      expect(row).not.toHaveProperty('clave');
      for (const field of answered) {
        const value = row[field.name];
        if (value !== null) expect(typeOk[field.type](value), `${field.name}: ${String(value)}`).toBe(true);
      }
    }
    const [full, empty] = rows;
    expect(full).toMatchObject({ ...llena(), fechaModificacion: expect.stringMatching(ISO) });
    expect(typeof full.id).toBe('number');
    expect(empty).toMatchObject({ activa: false, precio: -0.5, revisada: 'N', unidades: null, desde: null });
  });

  it('are, for every resource, the bytes of its entities for the same filter', async () => {
    const checked: string[] = [];
    for (const schema of [...registry, muestras]) {
      if (schema.view) continue;
      const declared = schema.fields.map((f) => f.name).filter((name) => name !== schema.idField);
      const filters: object[] = [
        { limit: 30 },
        { order: [`${schema.idField} DESC`], limit: 5, skip: 1 },
        { fields: [schema.idField, ...declared.slice(0, 2)], limit: 5 },
        { fields: { [declared[0]]: false }, limit: 5 },
        { where: { [schema.idField]: { gt: 1 } }, limit: 5 },
      ];
      for (const filter of filters) {
        const entities = JSON.stringify(await repositories.repository(schema.name).find(filter));
        expect(await answer(schema.name, filter), `${schema.name} ${JSON.stringify(filter)}`).toBe(entities);
      }
      checked.push(schema.name);
    }
    expect(checked).toEqual(expect.arrayContaining(['usuarios', 'Muestras', 'catalogos']));
  });

  it('are the bytes of the entities for the product list as the app asks for it', async () => {
    const repo = repositories.repository('productos');
    for (const filter of [
      { where: { empresaId: 1 }, order: ['id ASC'], limit: 25, skip: 25 },
      { where: { empresaId: 1 }, order: ['nombre DESC'], limit: 10 },
      { where: { and: [{ empresaId: 1 }, { finalizado: 'N' }] }, order: ['id ASC'], limit: 10 },
      { where: { fechaCreacion: { gt: '2020-01-01T00:00:00.000Z' } }, order: ['id ASC'], limit: 5 },
    ]) {
      const page = await answer('productos', filter);
      expect(JSON.parse(page)).not.toHaveLength(0);
      expect(page).toBe(JSON.stringify(await repo.find(filter)));
    }
  });
});
