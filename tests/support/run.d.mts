// Types of the process helpers in run.mjs, for the TypeScript tests that share them.
import type { ChildProcess } from 'node:child_process';

/** A free port at 127.0.0.1 below the kernel's ephemeral range (see run.mjs). */
export function freePort(): Promise<number>;
export function run(cmd: string, args: readonly string[], env?: Record<string, string>): Promise<number>;
export function waitForHttp(url: string, timeoutMs?: number): Promise<void>;
export function stopByPid(child: ChildProcess, timeoutMs?: number): Promise<void>;
