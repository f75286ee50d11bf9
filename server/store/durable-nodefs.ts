/**
 * PGlite's data folder on the disk, with PostgreSQL's fsync reaching it.
 *
 * PGlite starts PostgreSQL with fsync off (`-F` among its default start parameters), and the WebAssembly build's
 * file system (Emscripten's NODEFS) answers fsync without doing it (fdatasync is a no-op there too). A commit
 * was then only in the system's file cache: a killed process lost nothing, but a power cut or a system crash
 * could lose acknowledged commits and leave the data files torn. Here:
 * - NODEFS's fsync is the system's fdatasync of the file (its data and what reading it back needs, such as its
 *   size, not its times: what PostgreSQL's own default `wal_sync_method` on Linux does; a PATCH at 10,000
 *   products 17.8–18.7 → 14.5–17.0 ms in alternating runs against fsync) or the system's fsync of the folder,
 *   which is what PostgreSQL asks after creating or renaming a file (not on Windows, which cannot sync a
 *   folder); a failed sync is the errno PostgreSQL expects (it then stops rather than go on with data it cannot
 *   trust);
 * - PostgreSQL runs with fsync on and `wal_sync_method=fsync` (its default, fdatasync, cannot reach the disk
 *   in this build), so each commit's WAL is on the disk before the commit is answered, and checkpoints sync
 *   the data files.
 */
import fs from 'node:fs';
import type { PGliteOptions } from '@electric-sql/pglite';

type Filesystem = NonNullable<PGliteOptions['fs']>;
// PGlite's NodeFS, loaded as pglite-process.ts loads its extensions (its subpath has no types under the server's
// module resolution).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { NodeFS } = require('@electric-sql/pglite/nodefs') as { NodeFS: new (dataDir: string) => Filesystem };

/** The part of Emscripten's NODEFS used here. */
interface NodeFsDriver {
  realPath(node: unknown): string;
  /** Runs a file operation, a system error becoming the errno PostgreSQL sees (e.g. EIO: it stops). */
  tryFSOperation<T>(operation: () => T): T;
  stream_ops: { fsync?: (stream: { node: unknown; nfd?: number }) => number };
}

type EmscriptenOptions = Awaited<ReturnType<Filesystem['init']>>['emscriptenOpts'];
type PreRun = (mod: { FS: { filesystems: Record<string, unknown> } }) => void;

/** How a file or folder is synced to the disk (a parameter so that a test can see each call). */
export type SyncFile = (fd: number, path: string, what: 'file' | 'folder') => void;

const syncToDisk: SyncFile = (fd, _path, what) => (what === 'file' ? fs.fdatasyncSync(fd) : fs.fsyncSync(fd));

/**
 * PGlite's start parameters (`defaults`) made to wait for the disk at each commit, with `DurableNodeFS`: without
 * the one that turns fsync off, with fsync on and the WAL synced by fsync.
 */
export const durableStartParams = (defaults: readonly string[]): string[] => [
  ...defaults.filter((p) => p !== '-F'),
  ...['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'],
];

export class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly sync: SyncFile = syncToDisk,
  ) {
    super(dataDir);
  }

  async init(
    ...args: Parameters<Filesystem['init']>
  ): Promise<{ emscriptenOpts: Partial<EmscriptenOptions> }> {
    const { emscriptenOpts } = await super.init(...args);
    const sync = this.sync;
    const patchFsync: PreRun = (mod) => {
      const driver = mod.FS.filesystems.NODEFS as NodeFsDriver;
      driver.stream_ops.fsync = (stream) =>
        driver.tryFSOperation(() => {
          const where = driver.realPath(stream.node);
          if (stream.nfd !== undefined) {
            sync(stream.nfd, where, 'file');
            return 0;
          }
          // A folder is opened by NODEFS without a descriptor of its own; Windows cannot sync one.
          if (process.platform === 'win32') return 0;
          const fd = fs.openSync(where, 'r');
          try {
            sync(fd, where, 'folder');
          } finally {
            fs.closeSync(fd);
          }
          return 0;
        });
    };
    const preRun = emscriptenOpts.preRun;
    const earlier = Array.isArray(preRun) ? preRun : preRun ? [preRun] : [];
    // Before NodeFS's own step, which mounts the folder (mounted nodes take the driver's stream operations).
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [patchFsync, ...earlier] as typeof preRun } };
  }
}
