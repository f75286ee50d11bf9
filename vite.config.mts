import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/**
 * react-router 7 ships a production build beside its development one, but its package exports name only the
 * development build (remix-run/react-router#12532, #14102), whose dev-only checks and warnings then run in the
 * built app. The build uses the production files; the dev server keeps the development ones and their warnings.
 */
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * The entry (src/main.tsx) imports either the login screen or the app, once it has seen whether a session is
 * stored. The chunk both ways need (the login screen's: React, MUI) and the bundler's runtime are announced in
 * index.html, so that they download with the entry instead of after it.
 */
const preloadChunksBothWaysNeed = (names: readonly string[]): Plugin => {
  let base = '/';
  return {
    name: 'pim-preload-shared-start',
    apply: 'build',
    configResolved: (config) => {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) =>
        Object.values(bundle ?? {})
          .filter((file) => file.type === 'chunk' && !file.isEntry && names.includes(file.name))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file.fileName}` },
            injectTo: 'head' as const,
          })),
    },
  };
};

/**
 * The CSS rules the first screens' components insert (the login form, the product list with its menu and toolbar),
 * recorded by `npm run styles:first-screen`, go into index.html the way emotion's own server-rendered styles do:
 * `<style data-emotion="css name1 name2 …">`. Emotion takes those class names as already inserted, so while the
 * first screen renders it neither compiles nor inserts them (a quarter of the opening's main thread was emotion's
 * work). A name no longer used costs only its bytes; a missing one is inserted as before. FIRST_SCREEN_STYLES=0
 * builds without them (the recording does).
 */
const firstScreenStyles = (file: string): Plugin => ({
  name: 'pim-first-screen-styles',
  apply: () => process.env.FIRST_SCREEN_STYLES !== '0',
  transformIndexHtml: () => {
    if (!existsSync(file)) return [];
    const { ids, css } = JSON.parse(readFileSync(file, 'utf8')) as { ids: string[]; css: string };
    return [
      {
        tag: 'style',
        attrs: { 'data-emotion': `css ${ids.join(' ')}` },
        children: css,
        injectTo: 'head' as const,
      },
    ];
  },
});

export default defineConfig(({ command }) => ({
  // Every text file of the build also as .gz and .br beside it (over 1 KiB): the server sends the form the browser
  // accepts as it is (server/static-app.ts), instead of compressing 1.3 MB of script on every cold load.
  plugins: [
    react(),
    preloadChunksBothWaysNeed(['login', 'rolldown-runtime']),
    ...(command === 'build'
      ? [firstScreenStyles(fileURLToPath(new URL('src/layout/first-screen-styles.json', import.meta.url)))]
      : []),
    compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 }),
  ],
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
        // The entry (src/main.tsx) is one small file; the login screen and what it needs (React, MUI: needed by
        // the app too) one more, with its dependencies (a group takes a module's imports with it); the app's start
        // one more; what two or more screens loaded on demand share one more; each screen keeps its own file.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 4 },
            { name: 'login', test: /src[\\/]login[\\/]startSignedOut/, priority: 3 },
            { name: 'app', test: /src[\\/]appStart/, priority: 2 },
            { name: 'shared', minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
}));
