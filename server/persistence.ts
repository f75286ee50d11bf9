/**
 * File persistence for the embedded store. juggler's memory connector can persist itself (`file` setting),
 * but it rewrites the whole file once per changed row (a CSV import of 50,000 rows would write it 50,000
 * times) and a crash mid-write truncates it. This keeps the connector's own file format
 * ({ids, models}) and replaces the write path: changes are coalesced into at most one write per
 * `delayMs`, written to a temporary file and renamed into place.
 */
import { mkdirSync, readFileSync, existsSync, promises as fs } from 'node:fs';
import path from 'node:path';

/** The parts of juggler's memory connector this module touches. */
export interface MemoryConnectorState {
  cache: Record<string, Record<string, string>>;
  ids: Record<string, number>;
  saveToFile(result: unknown, callback?: (err: Error | null, result?: unknown) => void): void;
}

type SaveToFile = MemoryConnectorState['saveToFile'];

export class FilePersister {
  private original?: SaveToFile;
  private timer?: NodeJS.Timeout;
  private writing?: Promise<void>;
  private dirty = false;

  constructor(
    private readonly file: string,
    private readonly connector: MemoryConnectorState,
    private readonly delayMs = 50,
  ) {}

  /** Reads the data file into the connector (a missing file is an empty store; a corrupt one is an error). */
  load(): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    if (!existsSync(this.file)) return;
    const text = readFileSync(this.file, 'utf8');
    if (!text.trim()) return;
    let data: { ids?: Record<string, number>; models?: Record<string, Record<string, string>> };
    try {
      data = JSON.parse(text) as typeof data;
    } catch (err) {
      throw new Error(
        `The data file ${this.file} is not valid JSON (${(err as Error).message}); fix or remove it.`,
      );
    }
    this.connector.ids = data.ids ?? {};
    this.connector.cache = data.models ?? {};
  }

  install(): void {
    this.original = this.connector.saveToFile;
    this.connector.saveToFile = (result, callback) => {
      this.markDirty();
      process.nextTick(() => callback?.(null, result));
    };
  }

  uninstall(): void {
    if (this.original) this.connector.saveToFile = this.original;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  markDirty(): void {
    this.dirty = true;
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.writeNow();
      }, this.delayMs);
      this.timer.unref();
    }
  }

  /** Writes now if anything changed, and waits for every write in flight. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.writeNow();
  }

  private async writeNow(): Promise<void> {
    while (this.writing) await this.writing;
    if (!this.dirty) return;
    this.dirty = false;
    const data = JSON.stringify({ ids: this.connector.ids, models: this.connector.cache });
    const tmp = `${this.file}.${process.pid}.tmp`;
    this.writing = (async () => {
      try {
        await fs.writeFile(tmp, data, 'utf8');
        await fs.rename(tmp, this.file);
      } catch (err) {
        this.dirty = true;
        console.error(`Could not write ${this.file}:`, err);
      }
    })();
    try {
      await this.writing;
    } finally {
      this.writing = undefined;
    }
  }
}
