// Small process helpers shared by the test runners.
import { spawn } from 'node:child_process';
import net from 'node:net';

/** Whether `port` can be listened on at 127.0.0.1 right now. */
const canListen = (port) =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/**
 * A free port for a server a test starts, taken below the kernel's ephemeral range (32768+): the API's own
 * database process listens on an ephemeral port, which could otherwise be the one just handed to the API.
 */
export async function freePort() {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    if (await canListen(port)) return port;
  }
  throw new Error('No free port between 20000 and 32000');
}

/** Runs a command to completion with inherited stdio; resolves to its exit code. */
export function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Polls a URL until it answers (any HTTP status) or the time runs out. */
export async function waitForHttp(url, timeoutMs = 60000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`No answer from ${url} after ${timeoutMs} ms`);
}

/** Stops a child process by its PID and waits for it to exit. */
export function stopByPid(child, timeoutMs = 10000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(child.pid, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}
