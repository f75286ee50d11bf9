// @vitest-environment node
/**
 * Contract: products created at the same time by several writers (server/create-batch.ts writes the creates
 * that wait for one under way as one write). Each request is answered as a create alone is — the same body, a
 * duplicate name refused with the same 422 while the others are stored — and each product gets its own first
 * version, by its own writer, and its readiness per marketplace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Version } from '../../src/core/history/versions';
import { testUser, type TestUser } from '../support/access';
import { apiHelpers, type Row } from '../support/api';
import { demoLogins, loginToken, startTestServer, type StartedServer } from '../support/server';

interface Repository {
  createMany(data: unknown[], options?: unknown): Promise<unknown[]>;
}
interface ServerWithRepositories extends StartedServer {
  repositories: { repository(name: string): Repository };
}

let server: ServerWithRepositories;
let admin: string;
/** A second writer: a user of the same company allowed every permiso. */
let other: TestUser;
/** The sizes of the writes of many products (the batches). */
const batches: number[] = [];
/** The same for roles, whose writes are not recorded (no transaction per create). */
const roleBatches: number[] = [];
const { call } = apiHelpers(() => server.url);
const tag = `CC${Date.now() % 100000}`;
const EMPRESA = 1;

beforeAll(async () => {
  server = (await startTestServer({ seed: true })) as ServerWithRepositories;
  admin = await loginToken(server.url, demoLogins().admin);
  other = await testUser(server.url, admin, EMPRESA);
  // counts the batches, and writes them as they are
  const counted = (name: string, sizes: number[]) => {
    const repository = server.repositories.repository(name);
    const createMany = repository.createMany.bind(repository);
    repository.createMany = (data, options) => {
      sizes.push(data.length);
      return createMany(data, options);
    };
  };
  counted('productos', batches);
  counted('roles', roleBatches);
});

afterAll(async () => {
  await server?.stop();
});

const create = (token: string, nombre: string) =>
  call(token, 'POST', '/productos', { empresaId: EMPRESA, nombre });

const versions = async (id: unknown): Promise<Version[]> => {
  const res = await call(admin, 'GET', `/productos/${String(id)}/versiones`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Version[];
};

/** The product's readiness per marketplace, without when it was scored. */
const readiness = async (id: unknown): Promise<Row[]> => {
  const res = await call(admin, 'GET', `/productos/${String(id)}/preparacion`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as unknown as Row[]).map(({ fecha, ...rest }) => ({ ...rest, fecha: typeof fecha }));
};

/** A body without what differs between two creates (the id, the stamps, the name). */
const shape = (body: Row) => {
  const { id, nombre, fechaCreacion, fechaModificacion, ...rest } = body;
  return {
    keys: Object.keys(body),
    id: typeof id,
    nombre: typeof nombre,
    rest,
    fechaCreacion,
    fechaModificacion,
  };
};

describe('creates sent together', () => {
  it('are each answered as a create alone, with their own history and readiness', async () => {
    const alone = await create(admin, `${tag}-ALONE`);
    expect(alone.status).toBe(200);
    const duplicateAlone = await create(admin, `${tag}-ALONE`);
    expect(duplicateAlone.status).toBe(422);

    // several rounds until the creates that waited were written together at least once
    for (let round = 0; round < 5 && !batches.some((n) => n > 1); round++) {
      const sent = Array.from({ length: 10 }, (_, i) => ({
        token: i % 3 === 2 ? other.token : admin,
        email: i % 3 === 2 ? other.email : demoLogins().admin.email,
        // the 8th repeats the 2nd: refused, the rest stored
        nombre: `${tag}-R${round}-${i === 7 ? 1 : i}`,
      }));
      const answers = await Promise.all(sent.map((s) => create(s.token, s.nombre)));
      const seen = new Set<unknown>();
      for (const [i, res] of answers.entries()) {
        if (i === 7) {
          expect(res.status, JSON.stringify(res.body)).toBe(422);
          expect(res.body.error?.code).toBe('ER_DUP_ENTRY');
          expect(String(res.body.error?.message)).toBe(
            String(duplicateAlone.body.error?.message).replace(`${tag}-ALONE`, sent[i].nombre),
          );
          continue;
        }
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.nombre).toBe(sent[i].nombre);
        expect(seen.has(res.body.id)).toBe(false);
        seen.add(res.body.id);
        const { fechaCreacion, fechaModificacion, ...same } = shape(res.body);
        const { fechaCreacion: c0, fechaModificacion: m0, ...expected } = shape(alone.body);
        expect(same).toEqual(expected);
        expect(typeof fechaCreacion).toBe(typeof c0);
        expect(typeof fechaModificacion).toBe(typeof m0);
        const [first, ...older] = await versions(res.body.id);
        expect(older).toEqual([]);
        expect(first).toMatchObject({ usuario: sent[i].email, origen: 'api' });
        expect(first.cambios.find((c) => c.campo === 'nombre')).toMatchObject({
          anterior: null,
          nuevo: sent[i].nombre,
        });
        expect(await readiness(res.body.id)).toEqual(await readiness(alone.body.id));
      }
      // the refused name is stored once, by the create that came first
      const stored = await call(
        admin,
        'GET',
        `/productos/count?where=${encodeURIComponent(JSON.stringify({ nombre: sent[1].nombre }))}`,
      );
      expect(stored.body.count).toBe(1);
    }
    expect(batches.some((n) => n > 1)).toBe(true);
  });

  it('are written one by one where a create is no transaction (a failed batch could leave rows behind)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(admin, 'POST', '/roles', { nombre: `${tag} rol ${i}`, codigo: `${tag}-rol-${i}` }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(roleBatches).toEqual([]);
  });
});
