// @vitest-environment node
/**
 * Contract: the embedded store's multi-row INSERT (server/store/insert-all.ts) is the statement
 * loopback-connector builds — same SQL, same parameters, dates bound with the connector's cast — built in
 * time linear in its values; rows without a column of the model go through the connector's build.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type StartedServer } from '../support/server';

const require = createRequire(import.meta.url);

interface Statement {
  sql: string;
  params: unknown[];
}
type Build = (model: string, data: Record<string, unknown>[], options: object) => Statement | null;
interface Repository {
  entityClass: { modelName: string };
  dataSource: { connector: { buildInsertAll: Build; _buildFieldsForKeys: (...args: unknown[]) => unknown } };
  createAll(data: Record<string, unknown>[]): Promise<{ toObject(): Record<string, unknown> }[]>;
}

let server: StartedServer & { repositories: { repository(name: string): Repository } };
const connectorBuild = (
  require('loopback-connector') as { SQLConnector: { prototype: { buildInsertAll: Build } } }
).SQLConnector.prototype.buildInsertAll;
const embedded = !process.env.PIM_DATABASE_URL;
const tag = `IA${Date.now() % 100000}`;

beforeAll(async () => {
  server = (await startTestServer({ seed: false })) as typeof server;
});

afterAll(async () => {
  await server?.stop();
});

/** Runs `work` counting the rows the connector's own build turned into columns. */
const connectorRows = <T>(connector: Repository['dataSource']['connector'], work: () => T) => {
  const own = connector._buildFieldsForKeys;
  let count = 0;
  connector._buildFieldsForKeys = (...args) => {
    count++;
    return own.apply(connector, args);
  };
  try {
    return { result: work(), count };
  } finally {
    connector._buildFieldsForKeys = own;
  }
};

const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    empresaId: 1,
    nombre: `${tag}-${i} ¿sí?`,
    categorias: i % 2 ? null : 'A; B',
    fechaCreacion: new Date(Date.UTC(2026, 0, 1 + i)),
    finalizado: i % 2 ? 'S' : 'N',
    ordenAtributos: String(i),
  }));

describe.runIf(embedded)('multi-row INSERT', () => {
  it("is the connector's own statement (dates cast, nulls and question marks bound)", () => {
    const repo = server.repositories.repository('productos');
    const connector = repo.dataSource.connector;
    const model = repo.entityClass.modelName;
    const data = rows(50);
    const { result: built, count } = connectorRows(connector, () =>
      connector.buildInsertAll(model, data, {}),
    );
    expect(count).toBe(0);
    const expected = connectorBuild.call(connector, model, data, {});
    expect(built?.sql).toBe(expected?.sql);
    expect(built?.params).toEqual(expected?.params);
    expect(built?.sql).toMatch(/::TIMESTAMP WITH TIME ZONE/);
    expect(built?.params).toHaveLength(50 * 6);
  });

  it('binds a missing value as the connector does', () => {
    const repo = server.repositories.repository('productos');
    const connector = repo.dataSource.connector;
    const model = repo.entityClass.modelName;
    const data: Record<string, unknown>[] = rows(3);
    data[1] = { ...data[1], categorias: undefined };
    expect(connector.buildInsertAll(model, data, {})).toEqual(
      connectorBuild.call(connector, model, data, {}),
    );
  });

  it("leaves rows without a column of the model to the connector's build", () => {
    const repo = server.repositories.repository('productos');
    const connector = repo.dataSource.connector;
    const model = repo.entityClass.modelName;
    const data = [{ unknown: 1 }, { unknown: 2 }];
    const { result: built, count } = connectorRows(connector, () =>
      connector.buildInsertAll(model, data, {}),
    );
    expect(count).toBe(2);
    expect(built).toEqual(connectorBuild.call(connector, model, data, {}));
  });

  it('stores the rows as given', async () => {
    const repo = server.repositories.repository('productos');
    const created = (await repo.createAll(rows(3))).map((row) => row.toObject());
    expect(created.map((row) => [row.nombre, row.categorias, row.finalizado])).toEqual([
      [`${tag}-0 ¿sí?`, 'A; B', 'N'],
      [`${tag}-1 ¿sí?`, null, 'S'],
      [`${tag}-2 ¿sí?`, 'A; B', 'N'],
    ]);
    expect(created.every((row) => typeof row.id === 'number')).toBe(true);
  });
});
