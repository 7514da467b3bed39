import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const FEATURES = readdirSync(new URL('./pwa/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The server's entry points and its assembly: what receives a request, a push, a job or a start, above the mutations. */
const SERVER_ENTRIES = [
  './server/routes',
  './server/sync-push',
  './server/mutation-thread',
  './server/realtime',
  './server/middleware',
  './server/seed',
  './server/app.ts',
  './server/app-server.ts',
  './server/pwa-pages.ts',
  './server/start.ts',
  './server/main.ts',
  './server/sweeper.ts',
];
const LOOK_DOWN = "the server's layers look down only: entry points and assembly -> mutations/ -> services/ -> db/";
/** ops/ holds command-line tools (entry points) and machine.ts, the machine's state, which lower layers may read. */
const OPS_TOOLS = { from: './server/ops', except: ['./machine.ts'], message: LOOK_DOWN };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'migrations/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']", message: 'No .only in tests' },
      ],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './sync', from: ['./pwa', './server'], message: 'sync/ imports nothing from pwa/ or server/' },
            { target: './pwa', from: './server', message: 'pwa/ never imports server/' },
            { target: './server', from: './pwa', message: 'server/ never imports pwa/' },
            {
              target: './server/db',
              from: [
                './server/services',
                './server/mutations',
                './server/outbox',
                './server/metrics',
                './server/ops',
                './server/context.ts',
                ...SERVER_ENTRIES,
              ],
              message: LOOK_DOWN,
            },
            { target: './server/services', from: ['./server/mutations', ...SERVER_ENTRIES], message: LOOK_DOWN },
            { target: './server/services', ...OPS_TOOLS },
            { target: './server/mutations', from: SERVER_ENTRIES, message: LOOK_DOWN },
            {
              target: ['./server/services', './server/mutations'],
              from: './server/context.ts',
              message: 'services and mutations take a transaction and the few things they use (MutationDeps, DbAndClock), not the whole context',
            },
            { target: './server/mutations', ...OPS_TOOLS },
            {
              target: ['./pwa/src/lib', './pwa/src/local'],
              from: './pwa/src/features',
              message: 'lib/ and local/ serve the features and import none of them',
            },
            ...FEATURES.map((name) => ({
              target: `./pwa/src/features/${name}`,
              from: './pwa/src/features',
              except: [`./${name}`],
              message: 'a feature imports no other feature: share through components/, lib/, local/ or sync/',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    ignores: ['pwa/src/local/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/local/db'],
              importNames: ['db'],
              allowTypeImports: true,
              message: 'screens reach the device database through local/ (hooks.ts, device-reads.ts, the store), never Dexie directly',
            },
            { group: ['dexie', 'dexie-react-hooks'], message: 'Dexie is used in pwa/src/local/ only' },
          ],
        },
      ],
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
