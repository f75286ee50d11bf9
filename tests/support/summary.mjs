// Prints the plain closing line CI reads: "<label>: N passed, N failed, N skipped".
import { readFileSync, existsSync } from 'node:fs';

export function printVitestSummary(label, jsonFile) {
  if (!existsSync(jsonFile)) {
    console.log(`${label}: 0 passed, 1 failed`);
    return;
  }
  const r = JSON.parse(readFileSync(jsonFile, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  console.log(`${label}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
}

export function printPlaywrightSummary(label, jsonFile) {
  if (!existsSync(jsonFile)) {
    console.log(`${label}: 0 passed, 1 failed`);
    return;
  }
  const s = JSON.parse(readFileSync(jsonFile, 'utf8')).stats ?? {};
  const failed = (s.unexpected ?? 0) + (s.flaky ?? 0) * 0;
  console.log(`${label}: ${s.expected ?? 0} passed, ${failed} failed, ${s.skipped ?? 0} skipped`);
}
