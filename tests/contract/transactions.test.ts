// @vitest-environment node
/**
 * Writes that belong together: deleting a catalogue deletes its product links (every engine); on MariaDB a
 * product's delete with its child rows and a replica with its copied rows are one transaction — when the
 * database refuses one child row (a trigger), nothing of the operation stays.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_PATH } from '../../src/core/catalogueProducts/contract';
import { adminUser } from '../support/access';
import { apiCaller, q } from '../support/api';
import { startTestServer, usingMysql, type StartedServer } from '../support/server';

const require = createRequire(import.meta.url);

interface Repo {
  create(data: Record<string, unknown>): Promise<Record<string, unknown>>;
  dataSource: { settings: { database?: string } };
}
interface ServerWithRepos extends StartedServer {
  repositories: { repository(name: string): Repo };
}
interface Connection {
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}

let server: ServerWithRepos;
let token: string;

const api = apiCaller(() => server.url);
const call = (method: string, path: string, body?: unknown) => api(token, method, path, body);
const count = async (path: string, where: unknown) =>
  (await call('GET', `/${path}/count?where=${q(where)}`)).body.count;

/** A connection to the test server's own database (MariaDB suite). */
async function database(): Promise<Connection> {
  const mysql = require('mysql2/promise') as { createConnection(uri: string): Promise<Connection> };
  const name = server.repositories.repository('productos').dataSource.settings.database;
  return mysql.createConnection(process.env.PIM_DATABASE_URL!.replace(/\/[^/]*$/, `/${name}`));
}

beforeAll(async () => {
  server = (await startTestServer({ seed: false })) as ServerWithRepos;
  // an admin, so what is refused is the database's doing, never the permiso
  ({ token } = await adminUser(server, {
    empresa: { id: 1, nombre: 'Empresa Tx', codigo: 'TX' },
    nombre: 'Tx',
    mail: 'tx@test.pim',
  }));
});

afterAll(async () => {
  await server?.stop();
});

const product = async (nombre: string) => {
  const created = await call('POST', '/productos', { nombre, empresaId: 1 });
  expect(created.status).toBe(200);
  const id = created.body.id as number;
  expect((await call('POST', '/producto-generals', { productoId: id, titulo: `T ${nombre}` })).status).toBe(
    200,
  );
  const feature = await call('POST', '/producto-caracteristicas', { productoId: id, nombre: 'Color' });
  expect(feature.status).toBe(200);
  return id;
};

describe('one transaction per operation', () => {
  it('deleting a catalogue deletes its product links', async () => {
    const created = await call('POST', '/catalogos', { nombre: 'Cat Tx', codigo: 'CTX', empresaId: 1 });
    expect(created.status).toBe(200);
    const catalogoId = created.body.Id as number;
    const ids = [await product('TX-CAT-1'), await product('TX-CAT-2')];
    expect((await call('POST', ADD_PATH, { catalogoId, productoIds: ids })).status).toBe(200);
    expect(await count('catalogos-productos', { catalogoId })).toBe(2);
    expect((await call('DELETE', `/catalogos/${catalogoId}`)).status).toBe(204);
    expect(await count('catalogos-productos', { catalogoId })).toBe(0);
  });

  it.skipIf(!usingMysql())('a product delete the database refuses halfway leaves everything', async () => {
    const id = await product('TX-DEL-1');
    const db = await database();
    await db.query(
      "CREATE TRIGGER refuse_feature_delete BEFORE DELETE ON producto_caracteristicas FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused'",
    );
    try {
      expect((await call('DELETE', `/productos/${id}`)).status).toBe(500);
    } finally {
      await db.query('DROP TRIGGER refuse_feature_delete');
      await db.end();
    }
    expect((await call('GET', `/productos/${id}`)).status).toBe(200);
    expect(await count('producto-generals', { productoId: id })).toBe(1);
    expect(await count('producto-caracteristicas', { productoId: id })).toBe(1);
    expect((await call('DELETE', `/productos/${id}`)).status).toBe(204);
    expect(await count('producto-generals', { productoId: id })).toBe(0);
  });

  it.skipIf(!usingMysql())('a replica the database refuses halfway leaves no copy', async () => {
    const id = await product('TX-REP-1');
    const before = await count('productos', {});
    const db = await database();
    await db.query(
      "CREATE TRIGGER refuse_feature_insert BEFORE INSERT ON producto_caracteristicas FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused'",
    );
    try {
      expect((await call('GET', `/productos/replica/${id}`)).status).toBe(500);
    } finally {
      await db.query('DROP TRIGGER refuse_feature_insert');
      await db.end();
    }
    expect(await count('productos', {})).toBe(before);
    expect(await count('producto-generals', {})).toBe(before);
    const copy = await call('GET', `/productos/replica/${id}`);
    expect(copy.status).toBe(200);
    expect(await count('producto-generals', { productoId: copy.body.id })).toBe(1);
  });
});
