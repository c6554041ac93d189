import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * The layers of docs/architecture.md, enforced: the model (machines/) stands alone; the browser (src/) and the
 * server (server/) both build on it and never on each other.
 */
const layers = [
  {
    target: './machines',
    from: './src',
    message: 'machines/ is the model: it must not import the browser app.',
  },
  {
    target: './machines',
    from: './server',
    message: 'machines/ is the model: it must not import the server.',
  },
  { target: './server', from: './src', message: 'The server shares rules through machines/, never src/.' },
  { target: './src', from: './server', message: 'The browser app must not import server code.' },
];

export default tseslint.config(
  { ignores: ['dist', 'var', 'node_modules', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // The dependency graph (no-cycle) is read through the TypeScript parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The model has no UI, no network and no DOM of its own: effects are actors given with .provide().
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-dom/*', '@xstate/react', '@headlessui/*'],
              message: 'machines/ holds no UI.',
            },
          ],
        },
      ],
    },
  },
);
