import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The layers of docs/architecture.md, enforced: the model (machines/) stands alone; the browser (src/) and the
 * server (server/) both build on it and never on each other. (Import cycles are caught by
 * tests/docs/layering.test.ts.)
 */
const layer = (files, regex, message, extra = [], ignores = []) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ regex, message }, ...extra] }],
  },
});

const SERVER_NOT_SRC = {
  regex: '^(\\.\\.?/)+src/',
  message: 'The server shares rules through machines/, never src/.',
};

/** machines/ is the model: it imports neither the browser app nor the server, and has no UI. */
const MODEL = [
  '^(\\.\\.?/)+(src|server)/',
  'machines/ is the model: it imports neither the browser app nor the server.',
  // The model has no UI: effects are actors given with .provide().
  [
    {
      group: ['react', 'react-dom', 'react-dom/*', '@xstate/react', '@headlessui/*'],
      message: 'machines/ holds no UI.',
    },
  ],
];

/** What a file of machines/rules/ `depth` folders below machines/ may not import: the model's, and machines/'s own. */
const groundOf = (depth) => [
  MODEL[0],
  MODEL[1],
  [
    ...MODEL[2],
    {
      regex: `^(\\.\\./){${depth}}(?!review\\.machine$)[A-Za-z]`,
      message:
        'machines/rules/ is the ground: it imports nothing of machines/ above it (the steps, the setup, the charts), ' +
        'only the review chart (machines/review.machine.ts).',
    },
  ],
];

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
  layer(['machines/**/*.ts'], ...MODEL),
  // The rules are the ground: the steps (machines/steps/) build on them and the model (the charts, the setup, the
  // form read from the steps) on both, so a rule imports nothing else of machines/ but the review chart's.
  layer(['machines/rules/*.ts'], ...groundOf(1)),
  layer(['machines/rules/*/**/*.ts'], ...groundOf(2)),
  layer(['server/**/*.ts'], SERVER_NOT_SRC.regex, SERVER_NOT_SRC.message),
  // The applicant side never builds on the staff side: what both use of the review is server/review/
  // (docs/architecture.md). A file's options replace the rule above's, so its pattern is repeated.
  layer(
    ['server/**/*.ts'],
    '^(\\.\\.?/)+(server/)?staff(/|$)',
    'The applicant server does not import server/staff/: what both sides use of the review is in server/review/.',
    [SERVER_NOT_SRC],
    [
      'server/staff/**',
      'server/app.ts',
      'server/main.ts',
      // privacy/ has staff routes (export, erasure): it needs the staff session, the audit log, the saved searches.
      'server/privacy/**',
    ],
  ),
  layer(['src/**/*.{ts,tsx}'], '^(\\.\\.?/)+server/', 'The browser app must not import server code.'),
  // The charts stand alone (React and recharts only): the rehearsal's report draws with them too (decision 249). A
  // file's options replace the rule above's, so its pattern is repeated.
  layer(
    ['src/charts/**/*.{ts,tsx}'],
    '^\\.\\./',
    'src/charts/ imports nothing of the app: the rehearsal report draws with it (decision 249).',
    [{ regex: '^(\\.\\.?/)+server/', message: 'The browser app must not import server code.' }],
  ),
  // The report draws with the staff reports' chart components (src/charts/, decision 249), and nothing else of src/.
  layer(
    ['rehearsal/**/*.{ts,tsx}'],
    '^(\\.\\.?/)+src/(?!charts/)',
    'The rehearsal drives the API as the browser would, with machines/ and server/; of src/ it uses only the charts.',
  ),
);
