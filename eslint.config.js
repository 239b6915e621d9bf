import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { spaLayers, serverLayers } from './eslint.layers.js';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'server/node_modules/**',
      'server/dist/**',
      'server/types/generated/**',
      'server/.tmp/**',
      'server/public/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] }),
      ],
      // no-cycle follows imports into other files: it must know how to parse TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      // Redux Toolkit Query writes "no argument" as `void` (build.query<Result, void>).
      '@typescript-eslint/no-invalid-void-type': 'off',
      // One direction (docs/architecture.md): no file reaches itself again through its imports.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Files stay small enough to read in one sitting: 400 lines of code, blank lines and comments
      // not counted.
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Only lib/apiClient.ts talks to axios (design section 2).
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'axios', message: 'Use apiClient from src/lib/apiClient.ts.' }] },
      ],
    },
  },
  ...spaLayers,
  ...serverLayers,
  {
    files: ['src/lib/apiClient.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tests and tools may be long (one scenario per journey) and reach any layer.
    files: ['tests/**', 'server/tests/**', 'bench/**', 'scripts/**'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
  },
);
