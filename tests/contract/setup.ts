import { afterAll } from 'vitest';

// The contract files share their worker (isolate: false in vitest.config.ts): the environment variables a file
// sets for its server (ERP failures, AI settings, batch sizes) end with the file.
const before = { ...process.env };

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in before)) delete process.env[key];
  Object.assign(process.env, before);
});
