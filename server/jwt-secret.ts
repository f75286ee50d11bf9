/**
 * The JWT signing secret kept in the data folder (`jwt-secret`), so sessions survive restarts. Written whole or
 * not at all (a temporary file renamed into place); a file left empty by a crash of an earlier version is
 * replaced, as no session can have been signed with it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (kept) return kept;
  const secret = randomBytes(32).toString('hex');
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, secret, { mode: 0o600 });
  renameSync(tmp, file);
  return secret;
}
