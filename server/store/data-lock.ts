/**
 * One server per data folder. The lock file `pim.lock` holds the API's PID and its database process's PID.
 * A lock whose API is gone (a crash, kill -9) is stale: its database process is ended if still running and
 * PGlite's own `postmaster.pid` is removed (left behind, it makes the next open hang); so is a lock that cannot
 * be read (empty: a crash between creating and writing it) once it is a few seconds old. A lock held by a live
 * server is refused with a clear message.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StoreError } from './engine';

const LOCK = 'pim.lock';
/**
 * A lock that cannot be read is one a server is writing this moment, or one a crash cut short between creating and
 * writing it: stale once it is this old.
 */
const UNREADABLE_STALE_MS = 5000;
/** Folders locked by this process (a second server in one process is refused too). */
const held = new Set<string>();

interface LockContent {
  pid: number;
  dbPid?: number;
}

/** Whether a process with this PID is running and is a Node.js process (a reused PID is not ours). */
export function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true; // no /proc: trust kill(0)
  }
}

const readLock = (file: string): LockContent | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockContent;
  } catch {
    return undefined;
  }
};

async function waitGone(pid: number, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (isRunning(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  if (isRunning(pid)) {
    process.kill(pid, 'SIGKILL');
    while (isRunning(pid)) await new Promise((r) => setTimeout(r, 20));
  }
}

export interface DataLock {
  /** Records the database process's PID. */
  setDbPid(pid: number): void;
  release(): void;
}

export async function lockDataDir(dataDir: string, pgdata: string): Promise<DataLock> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK);
  const resolved = path.resolve(dataDir);
  const previous = existsSync(file) ? readLock(file) : undefined;
  const unreadable =
    !previous && existsSync(file) && Date.now() - statSync(file).mtimeMs > UNREADABLE_STALE_MS;
  if (held.has(resolved) || (previous && previous.pid !== process.pid && isRunning(previous.pid))) {
    throw new StoreError(
      `Another PIM server (PID ${previous?.pid ?? process.pid}) is using the data folder ${resolved}. ` +
        'Stop it first, or give this one another DATA_DIR.',
    );
  }
  // A stale lock: the database process of the crashed server may still be closing.
  if (previous?.dbPid && isRunning(previous.dbPid)) await waitGone(previous.dbPid, 3000);
  rmSync(path.join(pgdata, 'postmaster.pid'), { force: true });
  const content: LockContent = { pid: process.pid };
  if (previous || unreadable) rmSync(file, { force: true });
  try {
    // 'wx': of two servers starting at once, one gets the folder.
    writeFileSync(file, JSON.stringify(content), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    throw new StoreError(`Another PIM server is starting on the data folder ${resolved}.`);
  }
  held.add(resolved);
  return {
    setDbPid(pid) {
      content.dbPid = pid;
      writeFileSync(file, JSON.stringify(content), { mode: 0o600 });
    },
    release() {
      held.delete(resolved);
      if (readLock(file)?.pid === process.pid) rmSync(file, { force: true });
    },
  };
}
