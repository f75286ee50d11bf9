/** The API's stop waits for the requests under way (server/in-flight.ts) before it closes the database. */
import { describe, expect, it } from 'vitest';
import type { MiddlewareContext } from '@loopback/express';
import { inFlightRequests } from '../../server/in-flight';

const context = {} as MiddlewareContext;

describe('inFlightRequests', () => {
  it('settles at once when nothing is under way', async () => {
    const inFlight = inFlightRequests();
    expect(inFlight.count).toBe(0);
    await expect(inFlight.settled(10)).resolves.toBe(true);
  });

  it('settles when the last request under way has ended, failed ones included', async () => {
    const inFlight = inFlightRequests();
    let finishOk!: () => void;
    let finishFailed!: (error: Error) => void;
    const ok = inFlight.middleware(context, () => new Promise<void>((resolve) => (finishOk = resolve)));
    const failed = inFlight.middleware(
      context,
      () => new Promise<void>((_resolve, reject) => (finishFailed = reject)),
    );
    expect(inFlight.count).toBe(2);
    let settled: boolean | undefined;
    const waiting = inFlight.settled(5_000).then((value) => (settled = value));
    finishOk();
    await ok;
    await Promise.resolve();
    expect(settled).toBeUndefined();
    expect(inFlight.count).toBe(1);
    finishFailed(new Error('refused'));
    await expect(failed).rejects.toThrow('refused');
    await waiting;
    expect(settled).toBe(true);
    expect(inFlight.count).toBe(0);
  });

  it('gives up after the grace period when a request does not end', async () => {
    const inFlight = inFlightRequests();
    void inFlight.middleware(context, () => new Promise<void>(() => undefined));
    await expect(inFlight.settled(20)).resolves.toBe(false);
    expect(inFlight.count).toBe(1);
  });
});
