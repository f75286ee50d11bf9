/**
 * Starts the embedded database process (pglite-process.ts) and talks to it: waits for its port, asks for
 * a dump of its data folder, stops it. The process exits by itself when the API goes away (IPC disconnect),
 * so a killed API never leaves it behind.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { StoreError } from './engine';

export interface PgliteChild {
  port: number;
  /** The folder of its Unix socket (the host to give pg), or undefined: TCP on 127.0.0.1. */
  socketDir?: string;
  pid: number;
  /** Writes the database's data folder as a tar file (a template for later starts). */
  dump(file: string): Promise<void>;
  stop(): Promise<void>;
  /** Called when the process ends without being asked to. */
  onUnexpectedExit(listener: (message: string) => void): void;
  /** Ends the process at once (it cannot go on). */
  kill(): void;
}

const SCRIPT = path.join(__dirname, 'pglite-process.js');

/**
 * EMBEDDED_DB_BASELINE=1 keeps PostgreSQL's WebAssembly on V8's baseline compiler (Liftoff, no optimising
 * tier-up): a database that lives seconds, as each contract test's does, opens with 1.0 s of CPU instead of 1.7 s
 * and answers its first thousands of queries with half the CPU; long heavy work runs slower without the optimised
 * code, so a served database keeps V8's default.
 */
const execArgvOf = (env: NodeJS.ProcessEnv): string[] => [
  ...(env.EMBEDDED_DB_BASELINE === '1' ? ['--liftoff-only'] : []),
  // One background thread optimises the hot functions, not one per core at once: their compilers' scratch memory
  // is malloc'd and freed, and several at a time left the heap fragmented (the served 10,000-product database
  // 214–216 → 198–199 MB, the same speed on the scale bench's queries).
  '--wasm-num-compilation-tasks=1',
  // Its JavaScript heap holds query results on their way out: a young generation of 2 × 1 MB (V8 grows it to
  // 2 × 16 MB) and an old generation that grows by at most half of what is live (V8: up to four times). Under
  // 20 connections of 25-row pages and a shopping feed the served 10,000-product database 163–188 →
  // 160–167 MB at the same database CPU. (The API's own young generation grows to 2 × 8 MB, given on its command
  // line by package.json: at 2 × 1 MB its CPU per page rose 25–50 %.)
  '--max-semi-space-size=1',
  '--heap-growing-percent=50',
];
/** Opening a data folder (initdb on the first start) takes seconds; more than this means it hangs. */
const START_TIMEOUT_MS = 60_000;

interface Reply {
  type: string;
  port?: number;
  socketDir?: string;
  message?: string;
  error?: string;
}

export function startPgliteChild(opts: {
  dataDir?: string;
  load?: string;
  /** Called with the process's PID as soon as it is started (before it has opened the database). */
  onSpawn?: (pid: number) => void;
}): Promise<PgliteChild> {
  const child: ChildProcess = fork(SCRIPT, [], {
    env: {
      // glibc's allocator gives each of V8's compiler threads an arena of its own and keeps what they freed; the
      // database's own work runs on one thread. One arena: the served 10,000-product database 219–235 → 213–222 MB
      // (API + database 374–390 → 356–364 MB, scale bench, 3 runs each), one started from a template 397–446 →
      // 337–351 MB, at the same speed. A MALLOC_ARENA_MAX given to the API wins.
      MALLOC_ARENA_MAX: '1',
      // Blocks of 32 KiB and more are mapped and unmapped on their own, and a freed top of the heap goes back at
      // once (128 KiB), instead of glibc raising both thresholds as it sees large blocks freed. The optimising
      // compiler's scratch memory comes in blocks of 32 KiB; kept in the heap, freed blocks between live ones
      // stay with the process (20 MB of the heap's 28 are gone with the baseline compiler only). 128 KiB and the
      // line above: 214–216 → 181–191 MB; 32 KiB: the served 10,000-product database 147–159 → 127–133 MB
      // (2026-11-29, alternating runs), its CPU per 25-row page the same, per PATCH 6.6 → 7.4 ms (medians of 3;
      // within the noise of a loaded machine, or the price of mapping those blocks).
      MALLOC_MMAP_THRESHOLD_: '32768',
      MALLOC_TRIM_THRESHOLD_: '131072',
      ...process.env,
      PGLITE_DATA_DIR: opts.dataDir ?? '',
      PGLITE_LOAD: opts.load ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The child's heap holds query results on their way out, not the database (that is WebAssembly memory).
    execArgv: execArgvOf(process.env),
  });
  if (child.pid) opts.onSpawn?.(child.pid);
  const where = opts.dataDir ? `the data folder ${opts.dataDir}` : 'memory';
  let stopping = false;
  const exitListeners: ((message: string) => void)[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new StoreError(`The embedded database did not open ${where} within ${START_TIMEOUT_MS / 1000} s.`),
      );
    }, START_TIMEOUT_MS);
    const failStart = (message: string) => {
      clearTimeout(timer);
      reject(new StoreError(`The embedded database could not open ${where}: ${message}`));
    };
    child.once('error', (err) => failStart(err.message));
    child.on('exit', (code, signal) => {
      if (stopping) return;
      const message = `The embedded database process stopped (${signal ?? `exit code ${code}`}).`;
      failStart(message);
      for (const listener of exitListeners) listener(message);
    });
    child.on('message', (reply: Reply) => {
      if (reply.type === 'error') failStart(reply.message ?? 'unknown error');
      if (reply.type !== 'ready' || !reply.port) return;
      clearTimeout(timer);
      // The process removes its socket's folder as it exits; killed, it cannot.
      const { socketDir } = reply;
      if (socketDir) child.once('exit', () => rmSync(socketDir, { recursive: true, force: true }));
      resolve({
        port: reply.port,
        socketDir: reply.socketDir,
        pid: child.pid ?? 0,
        dump: (file) =>
          new Promise((done, fail) => {
            const onReply = (r: Reply) => {
              if (r.type !== 'dumped') return;
              child.off('message', onReply);
              if (r.error) fail(new Error(r.error));
              else done();
            };
            child.on('message', onReply);
            child.send({ type: 'dump', file });
          }),
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            stopping = true;
            const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(force);
              done();
            });
            if (child.connected) child.send({ type: 'stop' });
            else child.kill('SIGTERM');
          }),
        onUnexpectedExit: (listener) => exitListeners.push(listener),
        kill: () => child.kill('SIGKILL'),
      });
    });
  });
}
