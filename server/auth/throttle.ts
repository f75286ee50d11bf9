/**
 * Sign-in throttling, per account (e-mail, lower-cased) and per address (client IP): the first failures
 * answer at once; from the 6th on each attempt waits a growing delay (base, ×2 each time, at most 8 s);
 * after 10 the account (or, after 4× as many, the address) is locked for 15 minutes: every attempt, right
 * password included, answers 429 with a Spanish message after a hold of twice the base delay, and the lock is
 * logged. A successful sign-in clears
 * the account's failures. Unknown e-mails count like known ones. Kept in this process's memory.
 */
import { HttpErrors } from '@loopback/rest';

export interface ThrottleConfig {
  /** Failures answered without delay. Default 5. */
  freeFailures: number;
  /** Failures that lock the account. Default 10 (an address: 4× as many). */
  lockFailures: number;
  /** First delay after the free failures. Default 500 ms. */
  baseDelayMs: number;
  /** Lock duration. Default 15 minutes. */
  lockMs: number;
}

export const DEFAULT_THROTTLE: ThrottleConfig = {
  freeFailures: 5,
  lockFailures: 10,
  baseDelayMs: 500,
  lockMs: 15 * 60 * 1000,
};

const MAX_DELAY_MS = 8000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const ADDRESS_FACTOR = 4;

export const lockedMessage = (lockMs: number): string => {
  const minutes = Math.max(1, Math.round(lockMs / 60000));
  return `Demasiados intentos fallidos. El acceso queda bloqueado ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}; inténtelo más tarde.`;
};

interface Counter {
  failures: number;
  lockedUntil: number;
  last: number;
}

export class LoginThrottle {
  private readonly counters = new Map<string, Counter>();

  constructor(
    private readonly config: ThrottleConfig = DEFAULT_THROTTLE,
    private readonly log: (line: string) => void = (line) => console.warn(line),
  ) {}

  private counter(key: string): Counter {
    const now = Date.now();
    let counter = this.counters.get(key);
    // Failures are forgotten after a quiet lock period.
    if (counter && counter.lockedUntil <= now && now - counter.last > this.config.lockMs) {
      this.counters.delete(key);
      counter = undefined;
    }
    if (!counter) {
      counter = { failures: 0, lockedUntil: 0, last: now };
      if (this.counters.size > 100_000) this.counters.clear();
      this.counters.set(key, counter);
    }
    return counter;
  }

  private keys(email: string, address: string): [string, string] {
    return [`mail:${email.trim().toLowerCase()}`, `ip:${address}`];
  }

  /** Before checking the password: 429 while locked, else the delay the failures so far earned. */
  async before(email: string, address: string): Promise<void> {
    const now = Date.now();
    const [account, ip] = this.keys(email, address).map((k) => this.counter(k));
    const lockedUntil = Math.max(account.lockedUntil, ip.lockedUntil);
    if (lockedUntil > now) {
      // Held a moment before the answer (a timer, no work): a flood against a locked account gets one answer
      // per connection and hold, not as many as the server can send, so signed-in users stay served.
      await sleep(Math.min(this.config.baseDelayMs * 2, lockedUntil - now));
      throw Object.assign(new HttpErrors.TooManyRequests(lockedMessage(this.config.lockMs)), {
        code: 'LOGIN_LOCKED',
      });
    }
    const extra = (count: number, free: number) =>
      count < free ? 0 : Math.min(MAX_DELAY_MS, this.config.baseDelayMs * 2 ** (count - free));
    const wait = Math.max(
      extra(account.failures, this.config.freeFailures),
      extra(ip.failures, this.config.freeFailures * ADDRESS_FACTOR),
    );
    if (wait > 0) await sleep(wait);
  }

  /** A wrong e-mail or password: counts, and locks at the threshold (with a log line). */
  failed(email: string, address: string): void {
    const now = Date.now();
    const [accountKey, ipKey] = this.keys(email, address);
    for (const [key, limit] of [
      [accountKey, this.config.lockFailures],
      [ipKey, this.config.lockFailures * ADDRESS_FACTOR],
    ] as const) {
      const counter = this.counter(key);
      counter.failures += 1;
      counter.last = now;
      if (counter.failures >= limit && counter.lockedUntil <= now) {
        counter.lockedUntil = now + this.config.lockMs;
        counter.failures = 0;
        this.log(
          `[auth] sign-in locked for ${Math.round(this.config.lockMs / 1000)} s after ${limit} failures: ${key}`,
        );
      }
    }
  }

  /** A successful sign-in clears the account's failures. */
  succeeded(email: string): void {
    this.counters.delete(this.keys(email, '')[0]);
  }
}
