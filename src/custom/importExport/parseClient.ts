/**
 * The page's side of the parse worker: promises over its messages. Where Web Workers are unavailable (jsdom in
 * component tests) the same session runs inline, yielding between chunks.
 */
import type { ResourceSchema } from '../../resources/types';
import type { ColumnMapping } from './mapping';
import type { PreparedRow } from './prepare';
import { createParseSession, type ParseRequest, type ParseResponse, type ParseSummary } from './parseSession';

export interface CsvParser {
  parse(file: Blob, fileName: string): Promise<ParseSummary>;
  /** Prepared rows for a table and mapping; `onChunk` sees the count so far. */
  prepare(
    schema: ResourceSchema,
    mappings: ColumnMapping[],
    onChunk?: (prepared: number) => void,
  ): Promise<PreparedRow[]>;
  /** The original cells of some lines (for the rejected-rows file). */
  cells(lines: number[]): Promise<Map<number, string[]>>;
  dispose(): void;
}

interface Transport {
  send(request: ParseRequest, transfer?: Transferable[]): void;
  dispose(): void;
}

type Listener = (message: ParseResponse) => void;

function workerTransport(listener: Listener): Transport | undefined {
  if (typeof Worker === 'undefined') return undefined;
  try {
    const worker = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<ParseResponse>) => listener(event.data);
    return {
      send: (request, transfer = []) => worker.postMessage(request, transfer),
      dispose: () => worker.terminate(),
    };
  } catch {
    return undefined;
  }
}

function inlineTransport(listener: Listener): Transport {
  const handle = createParseSession((message) => listener(message), { yieldBetweenChunks: true });
  return {
    send: (request) => {
      setTimeout(() => void handle(request), 0);
    },
    dispose: () => undefined,
  };
}

interface Pending {
  resolve(message: ParseResponse): void;
  reject(error: Error): void;
  rows?: PreparedRow[];
  onChunk?: (prepared: number) => void;
}

export function createCsvParser(options: { inline?: boolean } = {}): CsvParser {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  const listener: Listener = (message) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    if (message.type === 'rows') {
      waiting.rows?.push(...message.rows);
      waiting.onChunk?.(waiting.rows?.length ?? 0);
      return;
    }
    pending.delete(message.id);
    if (message.type === 'error') waiting.reject(new Error(message.message));
    else waiting.resolve(message);
  };
  const transport = (!options.inline && workerTransport(listener)) || inlineTransport(listener);

  const request = (
    build: (id: number) => ParseRequest,
    extra: Partial<Pending> = {},
    transfer?: Transferable[],
  ): Promise<ParseResponse> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject, ...extra });
      transport.send(build(id), transfer);
    });

  return {
    async parse(file, fileName) {
      const bytes = await file.arrayBuffer();
      const answer = await request((id) => ({ type: 'parse', id, bytes, fileName }), {}, [bytes]);
      if (answer.type !== 'parsed') throw new Error('Respuesta inesperada al leer el fichero');
      return answer.summary;
    },
    async prepare(schema, mappings, onChunk) {
      const rows: PreparedRow[] = [];
      await request((id) => ({ type: 'prepare', id, schema, mappings }), { rows, onChunk });
      return rows;
    },
    async cells(lines) {
      const answer = await request((id) => ({ type: 'cells', id, lines }));
      return new Map(answer.type === 'cells' ? answer.cells : []);
    },
    dispose() {
      for (const waiting of pending.values()) waiting.reject(new Error('Lectura cancelada'));
      pending.clear();
      transport.dispose();
    },
  };
}
