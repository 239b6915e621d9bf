import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // Only lib/apiClient.ts talks to axios (design section 2).
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'axios', message: 'Use apiClient from src/lib/apiClient.ts.' }] },
      ],
    },
  },
  {
    files: ['src/lib/apiClient.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
  },
);
