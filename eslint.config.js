import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The layers of docs/architecture.md, enforced: the model (machines/) stands alone; the browser (src/) and the
 * server (server/) both build on it and never on each other. (Import cycles are caught by
 * tests/docs/layering.test.ts.)
 */
const layer = (files, regex, message, extra = []) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex, message }, ...extra] }],
  },
});

export default tseslint.config(
  { ignores: ['dist', 'var', 'node_modules', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  layer(
    ['machines/**/*.ts'],
    '^(\\.\\.?/)+(src|server)/',
    'machines/ is the model: it imports neither the browser app nor the server.',
    // The model has no UI: effects are actors given with .provide().
    [
      {
        group: ['react', 'react-dom', 'react-dom/*', '@xstate/react', '@headlessui/*'],
        message: 'machines/ holds no UI.',
      },
    ],
  ),
  layer(['server/**/*.ts'], '^(\\.\\.?/)+src/', 'The server shares rules through machines/, never src/.'),
  layer(['src/**/*.{ts,tsx}'], '^(\\.\\.?/)+server/', 'The browser app must not import server code.'),
  layer(
    ['rehearsal/**/*.ts'],
    '^(\\.\\.?/)+src/',
    'The rehearsal drives the API as the browser would, with machines/ and server/; it never imports src/.',
  ),
);
