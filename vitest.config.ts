import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { slowdown } from './tests/support/slowdown';

/**
 * Unit tests of modules that read browser state (localStorage session and company, the language cookie,
 * window.location, DOM events) or render: they run in jsdom; every other unit test runs in node.
 */
const unitWithDom = [
  'tests/unit/**/*.test.tsx',
  'tests/unit/authProvider-deadline.test.ts',
  'tests/unit/authProvider-logout.test.ts',
  'tests/unit/i18n-languages.test.ts',
  'tests/unit/jsdomLabels.test.ts',
  'tests/unit/emotionRules.test.ts',
  'tests/unit/products-media-url.test.ts',
  'tests/unit/referenceDataEngine.test.ts',
  'tests/unit/session.test.ts',
  'tests/unit/dataProvider/config.test.ts',
  'tests/unit/dataProvider/http.test.ts',
  'tests/unit/dataProvider/loopback.test.ts',
];

/**
 * Contract files that time answers (sign-in delays, a request's budget): they run after every other file, two at a
 * time (they mostly wait: delays, locks, slow answers of a fake AI service), so the other files' load does not
 * stretch what they measure.
 */
const timedContract = [
  'tests/contract/access-bad-input.test.ts',
  'tests/contract/access-throttle.test.ts',
  'tests/contract/text-generation-ai.test.ts',
  'tests/contract/text-generation-two-processes.test.ts',
];

/** A query's bound while another request answers in 100 ms: last, alone on the machine. */
const timedAlone = ['tests/contract/store-like.test.ts'];

/**
 * Contract files that start, kill and restart API processes on a data folder: each in a worker of its own (the
 * children's folders, ports and environment are the file's), alongside the other files.
 */
const processContract = [
  'tests/contract/mass-edit-resume.test.ts',
  'tests/contract/server-persistence.test.ts',
  'tests/contract/store-bad-input.test.ts',
  'tests/contract/store-durability.test.ts',
  'tests/contract/store-full-disk.test.ts',
  'tests/contract/store-legacy-import.test.ts',
];

export default defineConfig({
  plugins: [react()],
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**'],
    pool: 'forks',
    // One test file per core (Vitest's default leaves one core to itself: on 2 cores, one file at a time while
    // the contract tests' databases and servers wait on each other).
    maxWorkers: availableParallelism(),
    // A test that needs longer than this is slow, not thorough: time is measured in `npm run bench`.
    testTimeout: 20000 * slowdown(),
    hookTimeout: 30000 * slowdown(),
    // The embedded databases the tests start live seconds: unoptimised WebAssembly costs them half the CPU
    // (server/store/pglite-child.ts).
    env: { EMBEDDED_DB_BASELINE: process.env.EMBEDDED_DB_BASELINE ?? '1' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Pure modules keep their spec beside them (src/core/*.test.ts).
          include: ['tests/unit/**/*.test.ts?(x)', 'src/**/*.test.ts'],
          exclude: unitWithDom,
          environment: 'node',
          // Pure modules: the files share their worker's module cache instead of importing it again each.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-dom',
          include: unitWithDom,
          environment: 'jsdom',
          setupFiles: ['tests/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          // The files share their worker's modules (the app and react-admin are imported once per worker, not once
          // per file: 40 % of this layer's CPU). What a test changes globally or in a module's state ends with it
          // (tests/component/setup.ts).
          isolate: false,
          setupFiles: ['tests/setup.ts', 'tests/component/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          exclude: [...timedContract, ...timedAlone, ...processContract],
          environment: 'node',
          // The files share their worker's modules (the compiled API is loaded once per worker: 27 % of this
          // layer's CPU); each file starts its own server and database, and tests/contract/setup.ts gives the
          // next file the environment variables the previous one found.
          isolate: false,
          setupFiles: ['tests/contract/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'contract-processes',
          include: processContract,
          environment: 'node',
          // A test here starts an API process several times while the other files load the machine: its ceiling
          // is for a hung start, not a measure (the durability and start figures are in `npm run bench`).
          testTimeout: 90000 * slowdown(),
          hookTimeout: 90000 * slowdown(),
        },
      },
      {
        extends: true,
        test: {
          name: 'contract-timed',
          include: timedContract,
          environment: 'node',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'contract-timed-alone',
          include: timedAlone,
          environment: 'node',
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
