/**
 * The data folder holds password hashes, the JWT secret and uploads: only the user running the API reads it.
 */
import { chmodSync, mkdirSync } from 'node:fs';

/**
 * Makes `dataDir` private (0700), also when an earlier run or a person created it open to others, and makes
 * every file and folder the server creates from now on private too (umask 077: files 0600, folders 0700).
 */
export function keepDataPrivate(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
}
