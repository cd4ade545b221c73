import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const zone = (target, from, message, except) => ({
  target,
  from,
  message,
  ...(except ? { except } : {}),
});

const noTestHelpers = {
  regex: '^(#testing/|.*/testing/)',
  message: 'Production code never imports test helpers.',
};

/* Zod is used through src/shared/zod.ts, which sets its language (decision 51). */
const zodThroughShared = ['zod', 'zod/mini'].map((name) => ({
  name,
  message:
    "Import z from '#shared/zod.ts' (or '../zod.ts' in shared): it sets zod up (decision 51).",
}));

const featuresDir = './src/client/features';
const features = existsSync(featuresDir) ? readdirSync(featuresDir) : [];
const featureZones = features.map((feature) =>
  zone(
    `${featuresDir}/${feature}`,
    featuresDir,
    'Features never import each other: compose them in app/.',
    [`./${feature}`],
  ),
);

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'playwright-report', 'reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver': { typescript: { alwaysTryTypes: true } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      // Every import is declared in package.json; dev-only packages are fine outside the server.
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: true }],
      // The build output does not exist in a fresh clone.
      'import-x/no-unresolved': ['error', { ignore: ['/dist/'] }],
      'import-x/no-named-as-default-member': 'off',
      // The import direction of docs/architecture: shared ← server, shared ← client,
      // client: app → features → components/lib, features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            zone(
              './src/shared',
              './src/server',
              'shared is the contract: it imports nothing of ours.',
            ),
            zone(
              './src/shared',
              './src/client',
              'shared is the contract: it imports nothing of ours.',
            ),
            zone(
              './src/shared',
              './src/testing',
              'shared is the contract: it imports nothing of ours.',
            ),
            zone('./src/server', './src/client', 'The server never imports client code.'),
            zone('./src/client', './src/server', 'The client never imports server code.'),
            ...featureZones,
            zone(
              './src/client/features',
              './src/client/app',
              'Features do not import the app layer.',
            ),
            zone(
              './src/client/components',
              './src/client/features',
              'Shared components do not import features.',
            ),
            zone(
              './src/client/components',
              './src/client/app',
              'Shared components do not import the app layer.',
            ),
            zone('./src/client/lib', './src/client/features', 'lib does not import features.'),
            zone('./src/client/lib', './src/client/app', 'lib does not import the app layer.'),
            zone(
              './src/server/db',
              './src/server/modules',
              'The database layer does not import modules.',
            ),
            zone(
              './src/server/db',
              './src/server/plugins',
              'The database layer does not import plugins.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: zodThroughShared }] },
  },
  {
    files: ['src/server/**/*.ts', 'src/client/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: zodThroughShared, patterns: [noTestHelpers] }],
    },
  },
  {
    // The modules that set zod up, for the server and the browser.
    files: ['src/shared/zod.ts', 'src/client/lib/zod-without-eval.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // The bundled server keeps its packages external: `npm install --omit=dev` must run it.
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-extraneous-dependencies': ['error', { devDependencies: false }] },
  },
  {
    // Server modules: routes → service → repository → db.
    files: ['src/server/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noTestHelpers,
            {
              regex: '\\.(service|routes)\\.ts$',
              message: 'A repository does not import services or routes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/modules/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noTestHelpers,
            { regex: '\\.routes\\.ts$', message: 'A service does not import routes.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
