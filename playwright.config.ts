import { defineConfig } from '@playwright/test';
import chromium from './tests/support/chromium.json';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PIM_E2E_REPORT ?? '.tmp/e2e.json' }]],
  use: {
    baseURL: process.env.PIM_BASE_URL ?? 'http://127.0.0.1:8000',
    locale: 'es-ES',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium.executablePath,
      args: chromium.args,
    },
  },
});
