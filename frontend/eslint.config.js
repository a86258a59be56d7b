import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * `no-restricted-imports`: the @/ alias for imports that leave the folder, and `patterns` besides.
 * A later block's options replace an earlier one's, so every block names the alias rule too.
 */
const restrictImports = (...patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [{ group: ['../../*'], message: 'Use the @/ alias for imports that leave the folder.' }, ...patterns],
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results', 'src/types/api.gen.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
    },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      ...restrictImports(),
    },
  },
  // One-way architecture: shared code -> features -> app. A feature reaches another only through
  // its stores (the session and the cart); screens compose features in src/app.
  {
    files: ['src/features/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: restrictImports(
      { group: ['@/app/*'], message: 'Features must not import from the app layer.' },
      {
        group: ['@/features/*/*/*', '!@/features/*/stores/*'],
        message: 'Import other features only through their stores; compose components in src/app.',
      },
    ),
  },
  {
    files: ['src/{lib,components,utils,hooks,config,types}/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: restrictImports({
      group: ['@/app/*', '@/features/*'],
      message: 'Shared code must not import features or the app.',
    }),
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: { 'react-refresh/only-export-components': 'off' },
  },
  // End-to-end journeys: node:test files that drive Chromium; callbacks passed to
  // page.evaluate() run in the page, so both sets of globals apply.
  {
    files: ['e2e/**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_' }] },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['vite.config.ts'],
    languageOptions: { globals: globals.node },
  },
);
