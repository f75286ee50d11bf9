import { appendFileSync } from 'node:fs';
import { getConfig } from '@testing-library/dom';
import { expect } from 'vitest';

/**
 * With PIM_SLOW_WAITS_LOG=<file>, every wait (findBy…, waitFor) that takes over a second is written to the file:
 * milliseconds, test file, test name and the line that waited. It tells a wait that is slow by design (a retry
 * back-off, a notice queued behind another) from one a loaded machine stretched.
 */
export function logSlowWaits(file = process.env.PIM_SLOW_WAITS_LOG): void {
  if (!file) return;
  const config = getConfig();
  const wrapped = config.asyncWrapper;
  config.asyncWrapper = async (callback) => {
    const started = performance.now();
    const line = new Error().stack
      ?.split('\n')
      .find((frame) => frame.includes('.test.tsx'))
      ?.trim();
    try {
      return await wrapped(callback);
    } finally {
      const took = Math.round(performance.now() - started);
      const { testPath, currentTestName } = expect.getState();
      if (took > 1000) appendFileSync(file, `${took}\t${testPath}\t${currentTestName}\t${line}\n`);
    }
  };
}
