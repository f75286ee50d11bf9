/**
 * The embedded database as a child process of the API (started by pglite-child.ts): PGlite (PostgreSQL
 * compiled to WebAssembly) on a data folder, or in memory, served on 127.0.0.1 by pglite-server.ts, so a heavy
 * query runs outside the API's event loop. Reports `{type:'ready', port, socketDir}` (or `{type:'error', message}`)
 * over IPC, answers `{type:'dump', file}` with the data folder as a tar file (`{type:'dumped'}`), and closes
 * the database and exits on `{type:'stop'}` or when the API goes away.
 *
 * Environment: PGLITE_DATA_DIR (none: in memory), PGLITE_LOAD (a tar file to start from).
 */
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { durableStartParams, DurableNodeFS } from './durable-nodefs';
import { startMaintenance } from './pglite-maintenance';
import { startPgliteServer } from './pglite-server';

/**
 * PostgreSQL's default 128 MB of shared buffers fill up in WebAssembly memory, which never shrinks; pages not
 * held there come from the data files through the system's file cache. 16 MB: the served 10,000-product database
 * holds 153–157 MB instead of 169–174 (32 MB), with its CPU per 25-row page, per PATCH and per name search
 * within the noise of alternating runs, at 10,000 and 100,000 products (2026-11-29). Scans of a large share of
 * the catalogue read more from the file cache: at 100,000 products the AI review filtered by category and its
 * whole list took 5–15 % more database CPU (671–717 → 781–789 ms, 1.10–1.25 → 1.32–1.40 s).
 */
const MEMORY_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB', 'work_mem=2MB'];

type Message = { type: 'dump'; file: string } | { type: 'stop' };

const contrib = (name: string): Extension =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require(`@electric-sql/pglite/contrib/${name}`) as Record<string, Extension>)[name];

const send = (message: object): void => {
  if (process.connected) process.send?.(message);
};

/** PostgreSQL's log lines that say why the data folder could not be opened (without their time stamp). */
const REASON = /\b(PANIC|FATAL|ERROR|DETAIL):\s+(.*)$/;
const reasons: string[] = [];
/** Set once the database is open: its later log lines are not kept. */
let opened = false;
const keepReason = (line: string): boolean => {
  const match = REASON.exec(line);
  if (!opened && match && reasons.length < 5) reasons.push(`${match[1]}: ${match[2].replace(/\.?$/, '.')}`);
  return false;
};

/** The API went away while the database was opening: nothing will connect, and its next start needs the folder. */
const orphaned = (): never => process.exit(1);

async function main(): Promise<void> {
  process.once('disconnect', orphaned);
  const dataDir = process.env.PGLITE_DATA_DIR || undefined;
  const load = process.env.PGLITE_LOAD || undefined;
  const db = await PGlite.create({
    // On a data folder each commit reaches the disk before it is answered (durable-nodefs.ts).
    fs: dataDir ? new DurableNodeFS(dataDir) : undefined,
    onStderr: keepReason,
    extensions: {
      uuid_ossp: contrib('uuid_ossp'),
      unaccent: contrib('unaccent'),
      pg_trgm: contrib('pg_trgm'),
    },
    loadDataDir: load ? new Blob([readFileSync(load)]) : undefined,
    startParams: [
      ...(dataDir ? durableStartParams(PGlite.defaultStartParams) : PGlite.defaultStartParams),
      ...MEMORY_SETTINGS.flatMap((s) => ['-c', s]),
    ],
  });
  await db.exec(
    'CREATE EXTENSION IF NOT EXISTS "uuid-ossp"; CREATE EXTENSION IF NOT EXISTS unaccent; ' +
      'CREATE EXTENSION IF NOT EXISTS pg_trgm;',
  );
  // Several client connections, each request run whole; a transaction keeps PGlite to its connection.
  // On a Unix socket in a folder only this user can enter (cheaper than TCP, and no other local user can
  // connect); on Windows on 127.0.0.1.
  const socketDir = process.platform === 'win32' ? undefined : mkdtempSync(path.join(tmpdir(), 'pim-db-'));
  const removeSocketDir = () => {
    if (socketDir) rmSync(socketDir, { recursive: true, force: true });
  };
  process.on('exit', removeSocketDir);
  const server = await startPgliteServer(db, { host: '127.0.0.1', socketDir });
  const maintenance = await startMaintenance(db, server);
  const port = server.port;
  opened = true;

  let closing = false;
  const close = async (code: number) => {
    if (closing) return;
    closing = true;
    // A database that cannot close (a failed disk write leaves PGlite unusable) must not outlive the API.
    setTimeout(() => process.exit(code || 1), 5000).unref();
    maintenance.stop();
    await server.stop().catch(() => undefined);
    await db.close().catch(() => undefined);
    process.exit(code);
  };
  process.off('disconnect', orphaned);
  if (process.send && !process.connected) return close(1);
  process.on('disconnect', () => void close(0));
  process.on('SIGTERM', () => void close(0));
  process.on('SIGINT', () => void close(0));
  process.on('message', (message: Message) => {
    if (message.type === 'stop') void close(0);
    if (message.type === 'dump') {
      void server
        .task(() => db.dumpDataDir('none'))
        .then(async (tar) => {
          const tmp = `${message.file}.${process.pid}.tmp`;
          writeFileSync(tmp, Buffer.from(await tar.arrayBuffer()));
          renameSync(tmp, message.file);
          send({ type: 'dumped' });
        })
        .catch((err: unknown) => send({ type: 'dumped', error: String(err) }));
    }
  });
  send({ type: 'ready', port, socketDir });
}

main().catch((err: unknown) => {
  // The API says what went wrong in one line, with PostgreSQL's own reason when it logged one (PGlite's error
  // is "Aborted()" or "PGlite failed to initialize properly"); run on its own, the details go to the console.
  const message = reasons.length ? reasons.join(' ') : err instanceof Error ? err.message : String(err);
  if (process.connected) send({ type: 'error', message });
  else console.error(err);
  process.exit(1);
});
