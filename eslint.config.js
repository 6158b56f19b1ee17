// @ts-check
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/** The only file of the BFF that may load the simulator: by import(), in demo mode. */
const demoLoader = 'src/server/demo/embedded-simulator.ts';

/**
 * The runtime boundaries of the brief: client → shared, server → shared (the simulator only
 * through its demo loader), simulator → shared, shared → nothing. Patterns match the import
 * specifier.
 * @param {string[]} folders runtime folders the importing code must not reach
 * @param {boolean} banNode whether Node built-ins are off limits too
 */
function boundary(folders, banNode) {
  return [
    'error',
    {
      paths: banNode
        ? nodeBuiltins.map((name) => ({ name, message: 'This runtime has no Node built-ins.' }))
        : [],
      patterns: folders.map((folder) => ({
        group: [`**/${folder}`, `**/${folder}/**`],
        message: `Imports flow one way (client → shared, server → shared, simulator → shared; the BFF loads the simulator only in ${demoLoader}); this folder may not import from src/${folder}.`,
      })),
    },
  ];
}

const features = readdirSync(new URL('./src/client/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Inside the client, imports flow app → features → components and lib → shared (as in
 * bulletproof-react). A feature reaches another only through that feature's `public.ts`, the
 * few names it offers; everything else in a feature is its own.
 */
const clientZones = [
  {
    target: ['src/client/components', 'src/client/lib'],
    from: ['src/client/features', 'src/client/app'],
    message: 'Shared client code (components, lib) may not import a feature or the app.',
  },
  {
    target: 'src/client/features',
    from: 'src/client/app',
    message: 'A feature may not import the app; the app composes features.',
  },
  ...features.map((feature) => ({
    target: `src/client/features/${feature}/**`,
    from: 'src/client/features/*/**',
    except: [`**/src/client/features/${feature}/**`, '**/src/client/features/*/public.ts'],
    message: `Import another feature through its public.ts only (this is ${feature}).`,
  })),
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'check-file/filename-naming-convention': [
        'error',
        { 'src/**/*.{ts,tsx}': 'KEBAB_CASE', 'e2e/**/*.ts': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // Dependencies are parsed as TypeScript too, or no-cycle cannot follow them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': boundary(['server', 'simulator'], true),
      'import-x/no-restricted-paths': ['error', { zones: clientZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary(['client', 'server', 'simulator'], true),
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'process', 'Buffer'].map((name) => ({
          name,
          message: 'src/shared runs in browser and Node alike.',
        })),
      ],
    },
  },
  {
    files: ['src/simulator/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: { 'no-restricted-imports': boundary(['client', 'server'], false) },
  },
  {
    files: ['src/server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': boundary(['client', 'simulator'], false),
      // The BFF loads the simulator in demo mode only, by import() in its one demo loader, so
      // a live server never has it in memory (a test boots one and checks).
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/(^|\\/)simulator(\\/|$)/]',
          message: `Only ${demoLoader} may load the simulator (in demo mode).`,
        },
      ],
    },
  },
  {
    files: [demoLoader],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Tests and their helpers drive the simulator directly (a standalone one, seeded worlds).
    files: ['src/server/**/*.test.ts', 'src/server/testing/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary(['client'], false),
      'no-restricted-syntax': 'off',
    },
  },
  {
    // In a test, `x!` says "this exists, or the test fails right here", which is the point.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['scripts/**', 'e2e/**', 'src/server/**/*.mjs', '*.config.{js,ts}', 'vite.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // The service worker: plain JavaScript served as it is, run in a worker's scope.
    files: ['public/sw.js'],
    languageOptions: { globals: globals.serviceworker },
  },
);
