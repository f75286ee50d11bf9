// @vitest-environment node
/**
 * The embedded database's connection server (server/store/pglite-server.ts) with pg's pool of several
 * connections, as the API uses it: concurrent parameterised queries of different shapes each get their own
 * answer (their Parse/Bind/Execute never interleave in the one PGlite session), a transaction sees only its
 * own writes while other connections wait, an error in one batch leaves the others alone, and a connection
 * dropped in the middle of a transaction is rolled back. Also the maintenance rules that replace autovacuum.
 */
import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceStatements } from '../../server/store/pglite-maintenance';
import { startPgliteServer, type PgliteServer } from '../../server/store/pglite-server';

/** A message of the wire protocol: type, length, body. */
const message = (type: string, ...parts: Buffer[]): Buffer => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(5);
  head.write(type);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const cstr = (text: string) => Buffer.from(`${text}\0`);
const int16 = (n: number) => Buffer.from([n >> 8, n & 255]);

/** A raw protocol connection: sends bytes as told, collects what comes back up to each ReadyForQuery. */
async function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = Buffer.alloc(0);
  let waiting: (() => void) | undefined;
  socket.on('data', (data) => {
    received = Buffer.concat([received, data]);
    waiting?.();
  });
  /** Text of the first column of each DataRow up to the next ReadyForQuery. */
  const untilReady = () =>
    new Promise<string[]>((resolve) => {
      const check = () => {
        const values: string[] = [];
        for (let at = 0; at + 5 <= received.length;) {
          const type = String.fromCharCode(received[at]);
          const length = received.readInt32BE(at + 1);
          if (at + 1 + length > received.length) break;
          if (type === 'D') {
            const size = received.readInt32BE(at + 7);
            values.push(received.subarray(at + 11, at + 11 + size).toString());
          }
          at += 1 + length;
          if (type === 'Z') {
            received = received.subarray(at);
            waiting = undefined;
            return resolve(values);
          }
        }
        waiting = check;
      };
      check();
    });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const startup = Buffer.concat([
    Buffer.alloc(8),
    cstr('user'),
    cstr('postgres'),
    cstr('database'),
    cstr('postgres'),
    cstr(''),
  ]);
  startup.writeInt32BE(startup.length, 0);
  startup.writeInt32BE(196608, 4);
  socket.write(startup);
  await untilReady();
  return { socket, untilReady };
}

describe('PGlite served to several connections', () => {
  let db: PGlite;
  let server: PgliteServer;
  let pool: pg.Pool;

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(
      'CREATE TABLE t (id serial PRIMARY KEY, a text); INSERT INTO t (a) SELECT g::text FROM generate_series(1, 300) g;',
    );
    server = await startPgliteServer(db, { waitLimitMs: 2000 });
    pool = new pg.Pool({
      host: '127.0.0.1',
      port: server.port,
      user: 'postgres',
      database: 'postgres',
      max: 6,
    });
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
    await db?.close();
  });

  it('answers concurrent parameterised queries of different shapes each with its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        i % 2
          ? pool.query('SELECT a FROM t WHERE id = $1', [i + 1])
          : pool.query('SELECT id, $2::text AS tag FROM t WHERE id = $1', [i + 1, `q${i}`]),
      ),
    );
    answers.forEach((answer, i) => {
      if (i % 2) expect(answer.rows).toEqual([{ a: String(i + 1) }]);
      else expect(answer.rows).toEqual([{ id: i + 1, tag: `q${i}` }]);
    });
  });

  it('runs a batch whose messages arrive apart as one: no batch of another connection comes between', async () => {
    const a = await rawConnection(server.port);
    const b = await rawConnection(server.port);
    try {
      const parse = (sql: string) => message('P', cstr(''), cstr(sql), int16(0));
      const rest = Buffer.concat([
        message('B', cstr(''), cstr(''), int16(0), int16(0), int16(0)),
        message('E', cstr(''), Buffer.alloc(4)),
        message('S'),
      ]);
      // A's Parse arrives alone; B's whole batch arrives before the rest of A's.
      a.socket.write(parse("SELECT 'from A'"));
      await new Promise((resolve) => setTimeout(resolve, 50));
      b.socket.write(Buffer.concat([parse("SELECT 'from B'"), rest]));
      expect(await b.untilReady()).toEqual(['from B']);
      a.socket.write(rest);
      expect(await a.untilReady()).toEqual(['from A']);
    } finally {
      a.socket.destroy();
      b.socket.destroy();
    }
  });

  it('keeps a transaction to its connection: others wait and never see its uncommitted writes', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE t SET a = $1 WHERE id = 1', ['in-tx']);
      const outside = pool.query('SELECT a FROM t WHERE id = 1');
      expect((await client.query('SELECT a FROM t WHERE id = 1')).rows[0].a).toBe('in-tx');
      await client.query('ROLLBACK');
      expect((await outside).rows[0].a).toBe('1');
    } finally {
      client.release();
    }
  });

  it('runs transactions of several connections one after another, each seeing its own writes', async () => {
    await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query('UPDATE t SET a = $1 WHERE id = 2', [`w${i}`]);
          expect((await client.query('SELECT a FROM t WHERE id = 2')).rows[0].a).toBe(`w${i}`);
          await client.query(i === 11 ? 'COMMIT' : 'ROLLBACK');
        } finally {
          client.release();
        }
      }),
    );
    expect((await pool.query('SELECT a FROM t WHERE id = 2')).rows[0].a).toBe('w11');
  });

  it('fails only the batch that has an error', async () => {
    const [bad, good] = await Promise.allSettled([
      pool.query('SELECT * FROM missing WHERE id = $1', [1]),
      pool.query('SELECT a FROM t WHERE id = $1', [5]),
    ]);
    expect(bad.status).toBe('rejected');
    expect(good.status === 'fulfilled' && good.value.rows[0].a).toBe('5');
  });

  it('rolls back the transaction of a connection that goes away, and serves the others', async () => {
    const client = await pool.connect();
    await client.query('BEGIN');
    await client.query("UPDATE t SET a = 'lost' WHERE id = 3");
    client.release(true);
    expect((await pool.query('SELECT a FROM t WHERE id = 3')).rows[0].a).toBe('3');
  });

  it('answers a request kept waiting behind a held transaction with an error, not never', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await expect(pool.query('SELECT 1')).rejects.toThrow(/waited 2 s/);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect((await pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  }, 15_000);
});

describe("autovacuum's work for PGlite", () => {
  const table = {
    name: 'public.t',
    reltuples: 1000,
    pages: 100,
    relallvisible: 100,
    mod: 0,
    dead: 0,
    inserted: 0,
  };

  it('analyzes tables never analyzed and those changed past 50 + 10 % of their rows', () => {
    expect(maintenanceStatements([{ ...table, reltuples: -1 }], false)).toEqual(['ANALYZE public.t']);
    expect(maintenanceStatements([{ ...table, mod: 151 }], false)).toEqual(['ANALYZE public.t']);
    expect(maintenanceStatements([{ ...table, mod: 150 }], false)).toEqual([]);
  });

  it('vacuums past autovacuum thresholds, and on the first round tables mostly not all-visible', () => {
    expect(maintenanceStatements([{ ...table, dead: 251 }], false)).toEqual(['VACUUM (ANALYZE) public.t']);
    expect(maintenanceStatements([{ ...table, inserted: 1201 }], false)).toEqual([
      'VACUUM (ANALYZE) public.t',
    ]);
    expect(maintenanceStatements([{ ...table, relallvisible: 10 }], true)).toEqual([
      'VACUUM (ANALYZE) public.t',
    ]);
    expect(maintenanceStatements([{ ...table, relallvisible: 10 }], false)).toEqual([]);
  });
});
