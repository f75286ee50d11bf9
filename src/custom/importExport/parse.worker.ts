/**
 * Web Worker: reads, parses and prepares CSV files off the main thread (see parseSession.ts), so a 100,000-row
 * file never freezes the page. Started by parseClient.ts with
 * `new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' })`.
 */
import { createParseSession, type ParseRequest } from './parseSession';

interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<ParseRequest>) => void) | null;
}

const scope = self as unknown as WorkerScope;
const handle = createParseSession((message) => scope.postMessage(message));
scope.onmessage = (event) => {
  void handle(event.data);
};
