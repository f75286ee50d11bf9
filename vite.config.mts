import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/**
 * react-router 7 ships a production build beside its development one, but its package exports name only the
 * development build (remix-run/react-router#12532, #14102), whose dev-only checks and warnings then run in the
 * built app. The build uses the production files; the dev server keeps the development ones and their warnings.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  // Every text file of the build also as .gz and .br beside it (over 1 KiB): the server sends the form the browser
  // accepts as it is (server/static-app.ts), instead of compressing 1.3 MB of script on every cold load.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  server: { port: 5173 },
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // Few files: the automatic split made 23 files of what the entry imports and some 45 for the product
        // list, and with 6 connections per host their round trips to a busy server made most of the opening.
        // What the entry imports is one file (the login screen loads the same code as before); what two or more
        // screens loaded on demand share is one more; each screen keeps its own code in its own file.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 3 },
            { name: 'login', test: /src[\\/]login[\\/]startSignedOut/, priority: 2 },
            { name: 'shared', minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
}));
