/**
 * Serves one PGlite database to several client connections on 127.0.0.1 (PostgreSQL's wire protocol), so the
 * API can keep a pool of connections busy while PGlite, single-threaded, runs one request at a time.
 *
 * pglite-socket's server (0.2.x) queues single protocol messages and keeps a connection to itself only while
 * a transaction is open, so the Parse/Bind/Execute/Sync messages of two connections interleave in the one
 * PGlite session (one's Parse replaces the other's unnamed statement: wrong rows or errors; pglite issue
 * #1046). Here a connection's messages run as whole units — up to and including its Sync (extended
 * protocol) or its Query (simple protocol) — and a connection that leaves the session in a transaction
 * (or in the middle of an extended-protocol batch, after a Flush) keeps it until it is idle again: no other
 * connection's unit runs meanwhile. A unit that waits longer than `waitLimitMs` behind a session held that
 * way is answered with an error (the pool's connection time-out, as with one connection).
 *
 * `task` runs work of the database process itself (maintenance, dumps) between units, when no connection
 * holds the session.
 */
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** The port number a Unix socket is named by (clients such as pg connect to `<dir>/.s.PGSQL.<port>`). */
const SOCKET_PORT = 5432;
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Message types that end a unit: Sync, Query, Flush, CopyDone, CopyFail. */
const UNIT_END = new Set(['S', 'Q', 'H', 'c', 'f'].map((c) => c.charCodeAt(0)));
const SYNC = 'S'.charCodeAt(0);
const QUERY = 'Q'.charCodeAt(0);
const TERMINATE = 'X'.charCodeAt(0);

interface Connection {
  socket: net.Socket;
  buffer: Buffer;
  started: boolean;
  /** Messages of the unit being received. */
  pending: Buffer[];
  closed: boolean;
  /** The last unit left the session mid extended-protocol batch (ended with a Flush). */
  midBatch: boolean;
}

interface Unit {
  connection?: Connection;
  queuedAt: number;
  run(): Promise<void>;
}

/** An ErrorResponse followed by ReadyForQuery (idle), as PostgreSQL answers a failed request. */
function errorReply(code: string, message: string): Buffer {
  const fields = Buffer.concat(
    [
      ['S', 'ERROR'],
      ['V', 'ERROR'],
      ['C', code],
      ['M', message],
    ].map(([type, value]) => Buffer.concat([Buffer.from(type), Buffer.from(value), Buffer.from([0])])),
  );
  const body = Buffer.concat([fields, Buffer.from([0])]);
  const error = Buffer.alloc(5);
  error.write('E');
  error.writeInt32BE(body.length + 4, 1);
  const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
  return Buffer.concat([error, body, ready]);
}

export interface PgliteServer {
  /** The TCP port, or with `socketDir` the port number in the socket's name (`.s.PGSQL.<port>`). */
  port: number;
  /** Runs `work` when no connection holds the session; answers its result. */
  task<T>(work: () => Promise<T>): Promise<T>;
  /** Whether nothing is queued or running (maintenance waits for such a moment). */
  idle(): boolean;
  stop(): Promise<void>;
}

export async function startPgliteServer(
  db: PGlite,
  opts: {
    host?: string;
    /** A folder to listen in on a Unix socket (`.s.PGSQL.5432`, as PostgreSQL names it) instead of TCP. */
    socketDir?: string;
    waitLimitMs?: number;
  } = {},
): Promise<PgliteServer> {
  const waitLimitMs = opts.waitLimitMs ?? 30_000;
  const queue: Unit[] = [];
  const connections = new Set<Connection>();
  /** The connection the session belongs to until it is idle (a transaction, a batch mid-way). */
  let owner: Connection | undefined;
  let running = false;

  const pump = async (): Promise<void> => {
    if (running) return;
    running = true;
    try {
      for (;;) {
        const index = owner ? queue.findIndex((u) => u.connection === owner) : 0;
        if (index < 0 || !queue.length) break;
        const [unit] = queue.splice(index, 1);
        await unit.run();
      }
    } finally {
      running = false;
    }
  };

  const enqueue = (unit: Unit): void => {
    queue.push(unit);
    void pump();
  };

  /** Runs a unit of a connection's messages and notes whether the connection keeps the session. */
  const runMessages = async (connection: Connection, bytes: Buffer, last: number): Promise<void> => {
    if (connection.closed) return;
    try {
      await db.runExclusive(() =>
        db.execProtocolRawStream(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), {
          onRawData: (chunk) => {
            if (!connection.closed) connection.socket.write(Buffer.from(chunk));
          },
        }),
      );
    } catch (err) {
      // PGlite itself failed (not an SQL error, which is answered on the protocol): this connection ends.
      console.error(`Embedded database: ${err instanceof Error ? err.message : String(err)}`);
      connection.socket.destroy();
    }
    connection.midBatch = last !== SYNC && last !== QUERY && last !== 0;
    owner = db.isInTransaction() || connection.midBatch ? connection : undefined;
    // Gone while this unit ran: its session is released before anything else runs.
    if (connection.closed && owner === connection) {
      queue.unshift({ connection, queuedAt: Date.now(), run: () => release(connection) });
    }
  };

  /** A connection gone while holding the session: its batch is ended and its transaction rolled back. */
  const release = async (connection: Connection): Promise<void> => {
    if (owner !== connection) return;
    const discard = { onRawData: () => undefined };
    await db.runExclusive(async () => {
      if (connection.midBatch) await db.execProtocolRawStream(new Uint8Array([SYNC, 0, 0, 0, 4]), discard);
      if (db.isInTransaction()) {
        const sql = Buffer.from('ROLLBACK\0');
        const message = Buffer.alloc(5);
        message[0] = QUERY;
        message.writeInt32BE(sql.length + 4, 1);
        await db.execProtocolRawStream(new Uint8Array(Buffer.concat([message, sql])), discard);
      }
    });
    owner = undefined;
  };

  const close = (connection: Connection): void => {
    if (connection.closed) return;
    connection.closed = true;
    connections.delete(connection);
    for (let i = queue.length - 1; i >= 0; i--) if (queue[i].connection === connection) queue.splice(i, 1);
    if (owner === connection) {
      // Runs before anything else is taken from the queue.
      queue.unshift({ connection, queuedAt: Date.now(), run: () => release(connection) });
      void pump();
    }
  };

  /** Splits what arrived into messages and queues every complete unit. */
  const receive = (connection: Connection, data: Buffer): void => {
    connection.buffer = connection.buffer.length ? Buffer.concat([connection.buffer, data]) : data;
    for (;;) {
      const buffer = connection.buffer;
      if (!connection.started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        const message = buffer.subarray(0, length);
        connection.buffer = buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          connection.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) {
          connection.socket.end();
          return;
        }
        connection.started = true;
        const startup = Buffer.from(message);
        enqueue({ connection, queuedAt: Date.now(), run: () => runMessages(connection, startup, 0) });
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1) + 1;
      if (buffer.length < length) return;
      const type = buffer[0];
      const message = buffer.subarray(0, length);
      connection.buffer = buffer.subarray(length);
      if (type === TERMINATE) {
        connection.socket.end();
        close(connection);
        return;
      }
      connection.pending.push(message);
      if (!UNIT_END.has(type)) continue;
      const bytes = Buffer.concat(connection.pending);
      connection.pending = [];
      enqueue({ connection, queuedAt: Date.now(), run: () => runMessages(connection, bytes, type) });
    }
  };

  // Units kept waiting too long behind a connection that holds the session are answered with an error.
  const watchdog = setInterval(() => {
    if (!owner) return;
    const now = Date.now();
    for (let i = queue.length - 1; i >= 0; i--) {
      const unit = queue[i];
      if (!unit.connection || unit.connection === owner || now - unit.queuedAt < waitLimitMs) continue;
      queue.splice(i, 1);
      unit.connection.socket.write(
        errorReply(
          '57014',
          `waited ${Math.round(waitLimitMs / 1000)} s for the database (a transaction held it)`,
        ),
      );
    }
  }, 1000);
  watchdog.unref();

  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    const connection: Connection = {
      socket,
      buffer: Buffer.alloc(0),
      started: false,
      pending: [],
      closed: false,
      midBatch: false,
    };
    connections.add(connection);
    socket.on('data', (data) => receive(connection, data));
    socket.on('error', () => close(connection));
    socket.on('close', () => close(connection));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if (opts.socketDir) server.listen(path.join(opts.socketDir, `.s.PGSQL.${SOCKET_PORT}`), () => resolve());
    else server.listen(0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = opts.socketDir ? SOCKET_PORT : (server.address() as net.AddressInfo).port;

  return {
    port,
    task: (work) =>
      new Promise((resolve, reject) => {
        enqueue({ queuedAt: Date.now(), run: () => work().then(resolve, reject) });
      }),
    idle: () => !running && !queue.length && !owner,
    stop: async () => {
      clearInterval(watchdog);
      for (const connection of connections) connection.socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
