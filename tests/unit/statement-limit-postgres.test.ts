// @vitest-environment node
/**
 * The statement time limit of a PostgreSQL server (server/store/statement-limit.ts limitPostgresStatements),
 * from the end of the start on: the connector's pool is replaced by one whose connections send
 * `statement_timeout` as they start, and the connections of the start (the migration ran on them without a
 * limit) close. Against the embedded database's server.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteServer, type PgliteServer } from '../../server/store/pglite-server';
import { limitPostgresStatements } from '../../server/store/statement-limit';

let db: PGlite;
let server: PgliteServer;
/** As loopback-connector-postgresql holds them: its pool and the settings it made it from. */
let connector: { pg: pg.Pool; clientConfig: pg.PoolConfig };

const shown = async (client: pg.PoolClient | pg.Pool): Promise<string> =>
  String(
    (await client.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows[0].statement_timeout,
  );

beforeAll(async () => {
  db = await PGlite.create();
  server = await startPgliteServer(db, { waitLimitMs: 2000 });
  const clientConfig = {
    host: '127.0.0.1',
    port: server.port,
    user: 'postgres',
    database: 'postgres',
    max: 4,
  };
  connector = { pg: new pg.Pool(clientConfig), clientConfig };
}, 60_000);

afterAll(async () => {
  await connector?.pg.end();
  await server?.stop();
  await db?.close();
});

describe('limitPostgresStatements', () => {
  it('gives the connector a pool whose connections start limited, and closes those of the start', async () => {
    const start = connector.pg;
    // two connections of the start, idle in the pool
    const started = [await start.connect(), await start.connect()];
    expect(await Promise.all(started.map(shown))).toEqual(['0', '0']);
    for (const client of started) client.release();
    expect(start.idleCount).toBe(2);

    limitPostgresStatements(connector, 0);
    expect(connector.pg).toBe(start);
    limitPostgresStatements(connector, 1499.6);

    expect(connector.pg).not.toBe(start);
    expect(connector.pg.options).toMatchObject({ ...connector.clientConfig, statement_timeout: 1500 });
    // the start's connections are closed, and its pool takes no more work
    await expect.poll(() => start.totalCount).toBe(0);
    expect(start.ending).toBe(true);
    // the new ones send it with their start (the embedded database's server does not apply start parameters:
    // read from what node-postgres sends), and answer
    const clients = await Promise.all([1, 2, 3].map(() => connector.pg.connect()));
    const parameters = clients.map(
      (c) => (c as unknown as { connectionParameters: { statement_timeout?: number } }).connectionParameters,
    );
    const answers = await Promise.all(clients.map((c) => c.query<{ one: number }>('SELECT 1 AS one')));
    for (const client of clients) client.release();
    expect(parameters.map((p) => p.statement_timeout)).toEqual([1500, 1500, 1500]);
    expect(answers.map((a) => a.rows[0].one)).toEqual([1, 1, 1]);
  });
});
