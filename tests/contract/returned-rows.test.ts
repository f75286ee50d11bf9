// @vitest-environment node
/**
 * On PostgreSQL an update that needs the rows as they are now (the history, the hooks) takes them from its own
 * UPDATE … RETURNING (store/postgres-connector.ts) instead of reading them again: those rows must be what that
 * read answered — LoopBack's own find (DefaultCrudRepository's, before the repository adds joined columns) — to
 * the type of every value (a Date stays a Date, a number a number, hidden properties included). Checked on one
 * stored row of every resource of the demo data. PostgreSQL engines only (MySQL reads them again).
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, usingMysql, type StartedServer } from '../support/server';

const require = createRequire(import.meta.url);
const { rowsAsFound } = require('../../dist-server/server/plain-rows.js') as {
  rowsAsFound(modelClass: unknown, entityClass: unknown, rows: object[]): object[] | undefined;
};

interface Repo {
  modelClass: { modelName: string };
  entityClass: { definition: { idName?: () => string } };
  dataSource: { connector: Connector };
  find(filter: object): Promise<{ toObject(): Record<string, unknown> }[]>;
}
interface Connector {
  idName(model: string): string;
  tableEscaped(model: string): string;
  columnEscaped(model: string, property: string): string;
  executeSQL(sql: string, params: unknown[], options: object, cb: (err: unknown) => void): void;
}

let server: StartedServer & { repositories: { repositories: Map<string, Repo> } };

beforeAll(async () => {
  server = (await startTestServer({ seed: true })) as typeof server;
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe.skipIf(usingMysql())('rows returned by an UPDATE', () => {
  it('are the rows a find answers, for every resource', async () => {
    const compared: string[] = [];
    for (const [name, repo] of server.repositories.repositories) {
      const model = repo.modelClass.modelName;
      const connector = repo.dataSource.connector;
      const idProp = connector.idName(model);
      const [stored] = await repo.find({ limit: 1, order: [`${idProp} DESC`] });
      if (!stored) continue;
      const id = stored.toObject()[idProp];
      const column = connector.columnEscaped(model, idProp);
      const returnedRows: object[] = [];
      await new Promise<void>((resolve, reject) =>
        connector.executeSQL(
          `UPDATE ${connector.tableEscaped(model)} SET ${column} = ${column} WHERE ${column} = $1`,
          [id],
          { returnedRows },
          (err) => (err ? reject(err as Error) : resolve()),
        ),
      );
      expect(returnedRows, name).toHaveLength(1);
      // LoopBack's find, as the repository's read after a write calls it (super.find)
      const loopbackFind = (Object.getPrototypeOf(Object.getPrototypeOf(repo)) as Repo).find;
      const [found] = await loopbackFind.call(repo, { where: { [idProp]: id } });
      expect(rowsAsFound(repo.modelClass, repo.entityClass, returnedRows), name).toEqual([found.toObject()]);
      compared.push(name);
    }
    // most resources have demo rows: the check covers them, not an empty loop
    expect(compared.length).toBeGreaterThan(20);
    expect(compared).toEqual(expect.arrayContaining(['productos', 'producto-generals', 'usuarios']));
  });
});
