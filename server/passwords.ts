/**
 * Password hashing with bcrypt through the native `bcrypt` package (prebuilt binaries shipped in the npm tarball for every platform): run on libuv's thread pool, so hashing
 * and checking never block the event loop (the pure-JavaScript bcryptjs did, and a flood of wrong passwords
 * slowed every other request). Hashes stay standard `$2b$` bcrypt: stored bcryptjs hashes verify unchanged.
 */
import { availableParallelism } from 'node:os';
import bcrypt from 'bcrypt';
import pLimit from 'p-limit';

const COST = 10;

/**
 * At most one bcrypt per core but one at a time: a flood of sign-ins queues here instead of taking every core
 * from the requests of signed-in users.
 */
const hashing = pLimit(Math.max(1, availableParallelism() - 1));

export const hashPassword = (text: string): Promise<string> => hashing(() => bcrypt.hash(text, COST));

/** Whether `text` matches the stored bcrypt `encoded` hash (false for a malformed hash). */
export const verifyPassword = (text: string, encoded: string): Promise<boolean> =>
  hashing(() => bcrypt.compare(text, encoded)).catch(() => false);

/** A hash of nothing anyone types: checked for unknown e-mails so they take as long as known ones. */
let decoy: Promise<string> | undefined;
export const decoyHash = (): Promise<string> =>
  (decoy ??= hashPassword(`decoy-${Date.now()}-${Math.random()}`));
