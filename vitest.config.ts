import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/unit/**/*.test.ts?(x)', 'tests/component/**/*.test.tsx', 'tests/contract/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'jsdom',
    setupFiles: ['tests/setup.ts'],
    // Generous ceilings: the 2-core CI runs component files in parallel; time is measured in `npm run bench`.
    testTimeout: 60000,
    hookTimeout: 60000,
    pool: 'forks',
  },
});
