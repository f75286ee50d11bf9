import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'data',
      'node_modules',
      'bench/.out',
      'test-results',
      '.tmp',
      'playwright-report',
      // deliberate wrong arrows, linted only by tests/unit/lint-boundaries.test.ts
      'tests/fixtures/boundaries',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: [
      'src/resources/**/schema.ts',
      'src/dataProvider/**',
      'src/core/permissions.ts',
      'src/custom/**/*.ts',
      'src/core/**/*.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  // One-way arrows between the layers (top to bottom): app shell (App, main, layout) → custom (bespoke pages;
  // they plug their screens into resources from custom/<feature>/views.tsx) → resources (generic engine, resource
  // UI) → services (dataProvider, authProvider, i18n) → schemas (schema.ts, registry, schema language, CSV tables)
  // → core (pure, no React). The reference API (server/) reads only schemas and core.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'tests/fixtures/boundaries/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs'] } },
      'boundaries/elements': [
        { type: 'core', pattern: 'src/core/**', mode: 'full' },
        {
          type: 'schemas',
          pattern: [
            'src/resources/*/schema.ts',
            'src/resources/registry.ts',
            'src/resources/types.ts',
            'src/resources/fields.ts',
            'src/resources/rules.ts',
            'src/resources/csvTables.ts',
            'src/resources/schemaCheck.ts',
          ],
          mode: 'full',
        },
        { type: 'resources', pattern: 'src/resources/**', mode: 'full' },
        {
          type: 'services',
          pattern: ['src/dataProvider/**', 'src/authProvider/**', 'src/i18n/**'],
          mode: 'full',
        },
        { type: 'custom', pattern: 'src/custom/**', mode: 'full' },
        {
          type: 'app',
          pattern: ['src/App.tsx', 'src/main.tsx', 'src/appStart.tsx', 'src/layout/**', 'src/login/**'],
          mode: 'full',
        },
        { type: 'server', pattern: 'server/**', mode: 'full' },
        // Deliberate wrong arrows: tests/unit/lint-boundaries.test.ts expects the rule to reject them.
        { type: 'core', pattern: 'tests/fixtures/boundaries/core/**', mode: 'full' },
        { type: 'server', pattern: 'tests/fixtures/boundaries/server/**', mode: 'full' },
        { type: 'resources', pattern: 'tests/fixtures/boundaries/resources/**', mode: 'full' },
        { type: 'services', pattern: 'tests/fixtures/boundaries/services/**', mode: 'full' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkAllOrigins: true,
          policies: [
            { from: { element: { type: 'core' } }, allow: { to: { element: { type: 'core' } } } },
            {
              from: { element: { type: 'schemas' } },
              allow: { to: { element: { types: { anyOf: ['schemas', 'core'] } } } },
            },
            {
              from: { element: { type: 'services' } },
              allow: { to: { element: { types: { anyOf: ['services', 'schemas', 'core'] } } } },
            },
            {
              from: { element: { type: 'resources' } },
              allow: {
                to: { element: { types: { anyOf: ['resources', 'services', 'schemas', 'core'] } } },
              },
            },
            {
              from: { element: { type: 'custom' } },
              allow: {
                to: {
                  element: { types: { anyOf: ['custom', 'resources', 'services', 'schemas', 'core'] } },
                },
              },
            },
            { from: { element: { type: 'app' } }, allow: { to: { element: { type: '*' } } } },
            {
              from: { element: { type: 'server' } },
              allow: { to: { element: { types: { anyOf: ['server', 'schemas', 'core'] } } } },
            },
            // Packages (and Node's own modules) are open to every layer, except as below.
            { allow: { to: { module: { origin: ['external', 'core'] } } } },
            // Neither the core nor the schemas nor the API know React or the UI libraries.
            {
              from: { element: { types: { anyOf: ['core', 'schemas', 'server'] } } },
              disallow: {
                to: {
                  module: {
                    origin: 'external',
                    source: ['react', 'react-*', 'react-admin', 'ra-*', '@mui/*', '@emotion/*'],
                  },
                },
              },
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: { ...globals.node } } },
);
