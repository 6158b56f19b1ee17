// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': boundary(['server', 'simulator'], true),
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
    files: ['scripts/**', 'e2e/**', '*.config.{js,ts}', 'vite.config.ts'],
    languageOptions: { globals: globals.node },
  },
);
