// @vitest-environment node
/**
 * The embedded database's data folder (server/store/durable-nodefs.ts): a commit syncs its WAL to the disk
 * before it is answered, and a checkpoint syncs the data files. PGlite's own defaults (fsync off, NODEFS without
 * fsync) sync nothing: the last test shows the check can tell the two apart.
 */
import fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { durableStartParams, DurableNodeFS } from '../../server/store/durable-nodefs';

const folders: string[] = [];
const newFolder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pim-durable-'));
  folders.push(dir);
  return dir;
};

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Opens a database whose every sync to the disk is recorded (and done). */
async function recordingDatabase(durable: boolean) {
  const dir = newFolder();
  const synced: string[] = [];
  const db = await PGlite.create({
    fs: new DurableNodeFS(dir, (fd, where) => {
      synced.push(path.relative(dir, where));
      fs.fsyncSync(fd);
    }),
    startParams: durable ? durableStartParams(PGlite.defaultStartParams) : PGlite.defaultStartParams,
  });
  await db.exec('CREATE TABLE articulo (id serial PRIMARY KEY, nombre text NOT NULL)');
  synced.length = 0;
  return { db, synced, dir };
}

describe('embedded database durability', () => {
  it('syncs the WAL before a commit is answered, once per commit; a checkpoint syncs data files and folders', async () => {
    const { db, synced, dir } = await recordingDatabase(true);
    try {
      await db.query('INSERT INTO articulo (nombre) VALUES ($1)', ['Taladro']);
      expect(synced.filter((file) => file.startsWith('pg_wal/'))).toHaveLength(1);
      synced.length = 0;
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO articulo (nombre) VALUES ($1)', ['Sierra']);
        await tx.query('INSERT INTO articulo (nombre) VALUES ($1)', ['Lijadora']);
        expect(synced).toEqual([]);
      });
      expect(synced.filter((file) => file.startsWith('pg_wal/'))).toHaveLength(1);
      synced.length = 0;
      await db.exec('CHECKPOINT');
      expect(synced.some((file) => file.startsWith('base/'))).toBe(true);
      expect(synced.some((file) => fs.statSync(path.join(dir, file)).isDirectory())).toBe(true);
    } finally {
      await db.close();
    }
    const reopened = await PGlite.create({ fs: new DurableNodeFS(dir) });
    try {
      const { rows } = await reopened.query<{ nombre: string }>('SELECT nombre FROM articulo ORDER BY id');
      expect(rows.map((r) => r.nombre)).toEqual(['Taladro', 'Sierra', 'Lijadora']);
    } finally {
      await reopened.close();
    }
  });

  it("syncs a file's data with fdatasync and a folder with fsync", async () => {
    const dir = newFolder();
    const db = await PGlite.create({
      fs: new DurableNodeFS(dir),
      startParams: durableStartParams(PGlite.defaultStartParams),
    });
    const dataSyncs = vi.spyOn(fs, 'fdatasyncSync');
    // Whether each fsync is a folder's, seen when it is made (the folder is closed right after).
    const fsyncOfFolder: boolean[] = [];
    const fsync = fs.fsyncSync;
    const fullSyncs = vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
      fsyncOfFolder.push(fs.fstatSync(fd).isDirectory());
      fsync(fd);
    });
    try {
      await db.exec('CREATE TABLE articulo (id serial PRIMARY KEY, nombre text NOT NULL)');
      dataSyncs.mockClear();
      fullSyncs.mockClear();
      fsyncOfFolder.length = 0;
      await db.query('INSERT INTO articulo (nombre) VALUES ($1)', ['Taladro']);
      // The commit's WAL: one fdatasync, no fsync.
      expect(dataSyncs).toHaveBeenCalledTimes(1);
      expect(fullSyncs).not.toHaveBeenCalled();
      // A checkpoint writes and syncs the table's data files: fdatasync too; fsync is only ever a folder's.
      await db.exec('CHECKPOINT');
      expect(dataSyncs.mock.calls.length).toBeGreaterThan(1);
      expect(fsyncOfFolder.filter((folder) => !folder)).toEqual([]);
    } finally {
      dataSyncs.mockRestore();
      fullSyncs.mockRestore();
      await db.close();
    }
  });

  it("PGlite's defaults alone sync nothing on a commit", async () => {
    const { db, synced } = await recordingDatabase(false);
    try {
      await db.query('INSERT INTO articulo (nombre) VALUES ($1)', ['Taladro']);
      expect(synced).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
