/**
 * Uploaded product files, stored under the server's uploads folder as multimedia/{nombre}/{file} (the path the
 * records keep) and served back from /multimedia. Images also get the 800x600 PNG rendition
 * multimedia/{nombre}/800x600_{base}.png (sharp) used as the product's main image. A stored file is on the disk
 * before its path is returned (and so before the record naming it is written).
 */
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { loadSharp } from '../../on-demand-libraries';
import {
  MAIN_IMAGE_HEIGHT,
  MAIN_IMAGE_WIDTH,
  baseNameOf,
  isSafeFolderName,
  mainImagePath,
  mediaFolder,
} from '../../../src/core/productEditor/contract';

export class InvalidImageError extends Error {}

/** Syncs an open file or folder to the disk (a parameter so that a test can see each call). */
export type SyncHandle = (handle: fs.FileHandle, where: string) => Promise<void>;
const syncToDisk: SyncHandle = (handle) => handle.sync();

export class UploadStore {
  constructor(
    readonly root: string,
    private readonly sync: SyncHandle = syncToDisk,
  ) {}

  /** Syncs a file or folder to the disk. */
  private async syncPath(where: string): Promise<void> {
    const handle = await fs.open(where, 'r');
    try {
      await this.sync(handle, where);
    } finally {
      await handle.close();
    }
  }

  /**
   * Puts a written temporary file in its place so that it survives a power cut as the database's commit that
   * names it does (store/durable-nodefs.ts): its data on the disk first, then the rename, then the folder.
   */
  private async commitFile(temp: string, target: string): Promise<void> {
    await this.syncPath(temp);
    await fs.rename(temp, target);
    // Windows cannot open a folder to sync it (NTFS keeps the rename in its journal).
    if (process.platform !== 'win32') await this.syncPath(path.dirname(target));
  }

  /** The absolute path of a stored relative path; throws when it would leave the uploads folder. */
  absolute(relative: string): string {
    const full = path.resolve(this.root, relative);
    const root = path.resolve(this.root);
    if (full !== root && !full.startsWith(root + path.sep)) throw new Error(`Ruta no válida: ${relative}`);
    return full;
  }

  private folderOf(nombre: string): string {
    if (!isSafeFolderName(nombre)) throw new Error(`Nombre de producto no válido para ficheros: ${nombre}`);
    return this.absolute(mediaFolder(nombre));
  }

  /** Writes a file (atomically: temp file + rename) and returns its stored path. */
  async save(nombre: string, fileName: string, data: Buffer): Promise<string> {
    const folder = this.folderOf(nombre);
    await fs.mkdir(folder, { recursive: true });
    const target = path.join(folder, fileName);
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(temp, data);
    await this.commitFile(temp, target);
    return `${mediaFolder(nombre)}/${fileName}`;
  }

  /** Checks that `data` is a PNG or JPEG image sharp can decode. */
  async assertImage(data: Buffer): Promise<void> {
    try {
      const sharp = await loadSharp();
      const meta = await sharp(data).metadata();
      if (!meta.width || !meta.height || !['png', 'jpeg'].includes(meta.format ?? '')) {
        throw new InvalidImageError('formato');
      }
    } catch {
      throw new InvalidImageError('no es una imagen');
    }
  }

  /** Renders the 800x600 PNG (whole picture kept, white margins) and returns its stored path. */
  async renderMainImage(nombre: string, fileName: string, data: Buffer): Promise<string> {
    const folder = this.folderOf(nombre);
    await fs.mkdir(folder, { recursive: true });
    const relative = mainImagePath(nombre, baseNameOf(fileName));
    const target = this.absolute(relative);
    const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
    const sharp = await loadSharp();
    await sharp(data)
      .rotate()
      .resize(MAIN_IMAGE_WIDTH, MAIN_IMAGE_HEIGHT, {
        fit: 'contain',
        background: { r: 255, g: 255, b: 255, alpha: 1 },
      })
      .flatten({ background: '#ffffff' })
      .png()
      .toFile(temp);
    await this.commitFile(temp, target);
    return relative;
  }

  async read(relative: string): Promise<Buffer | undefined> {
    const full = this.absolute(relative);
    return existsSync(full) ? fs.readFile(full) : undefined;
  }

  exists(relative: string): boolean {
    try {
      return existsSync(this.absolute(relative));
    } catch {
      return false;
    }
  }

  /** Copies a product's folder to another product's (replication); nothing when the source has none. */
  async copyFolder(from: string, to: string): Promise<void> {
    if (!isSafeFolderName(from) || !isSafeFolderName(to)) return;
    const source = this.folderOf(from);
    if (!existsSync(source)) return;
    await fs.cp(source, this.folderOf(to), { recursive: true, force: false, errorOnExist: false });
  }

  /**
   * Moves a product's folder to its new name (renaming the product); nothing when it has none or a name cannot
   * be a folder. Files already in the target folder are kept (the moved ones win on equal names).
   */
  async moveFolder(from: string, to: string): Promise<boolean> {
    if (from === to || !isSafeFolderName(from) || !isSafeFolderName(to)) return false;
    const source = this.folderOf(from);
    if (!existsSync(source)) return false;
    const target = this.folderOf(to);
    if (!existsSync(target)) {
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(source, target);
    } else {
      await fs.cp(source, target, { recursive: true, force: true });
      await fs.rm(source, { recursive: true, force: true });
    }
    return true;
  }

  async removeFolder(nombre: string): Promise<void> {
    if (!isSafeFolderName(nombre)) return;
    await fs.rm(this.folderOf(nombre), { recursive: true, force: true });
  }
}
