/**
 * The compiled reference API as a child process (`node dist-server/server/index.js`), as `npm start` runs it:
 * on a data folder, bound to 127.0.0.1 on a free port, stopped or killed by its PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from './run.mjs';

export interface ApiProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process printed. */
  output(): string;
  /** Resolves with the exit code (or the signal) once the process has ended. */
  exited: Promise<number | string>;
}

export { freePort };

/** Spawns the API; `ready` resolves once it answers HTTP (or rejects with its output if it exits first). */
export async function spawnApi(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ApiProcess & { ready: Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve('dist-server/server/index.js')], {
    // no demo pictures: these processes are about the store, and rendering them slows every start
    env: {
      ...process.env,
      DEMO_IMAGES: '0',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const url = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    let done = false;
    void exited.then(() => (done = true));
    while (!done) {
      try {
        if ((await fetch(`${url}/config.json`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`The API exited before answering:\n${output}`);
  })();
  return { url, pid: child.pid ?? 0, child, output: () => output, exited, ready };
}

/** SIGTERM, then SIGKILL if it has not ended within `ms`. */
export async function stopApi(api: ApiProcess, ms = 20_000): Promise<void> {
  process.kill(api.pid, 'SIGTERM');
  const timer = setTimeout(() => process.kill(api.pid, 'SIGKILL'), ms);
  await api.exited;
  clearTimeout(timer);
}

/** Whether the process has neither exited nor been ended by a signal. */
export const isRunning = (api: ApiProcess): boolean =>
  api.child.exitCode === null && api.child.signalCode === null;

/** Stops, one after the other, those of `apis` still running (a test file's clean-up). */
export async function stopRunning(apis: ApiProcess[]): Promise<void> {
  for (const api of apis) if (isRunning(api)) await stopApi(api);
}
