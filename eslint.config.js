// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** What every web file may not import. */
const WEB_PATTERNS = [
  { group: ['**/features/*/routes/*'], message: 'Screens are composed by the router only.' },
  {
    // A form sends what the user typed (XFormValues = z.input); the server parses it.
    // Sending a parsed output (XInput = z.output) parsed it twice: prices x 100.
    group: ['@keurwijzer/shared/*'],
    importNamePattern: '^(?!.*Schema$)\\w+Input$',
    message: 'The web sends form values (XFormValues, the schema input), never parsed output (XInput).',
  },
];

/** Data changes go through useChange (lib/query-client.ts), which refreshes the changed resource. */
const MUTATION_RULE = {
  name: '@tanstack/react-query',
  importNames: ['useMutation'],
  message: 'Change data with useChange(resource, fn) from lib/query-client: it refreshes that resource.',
};

/**
 * Server: another module, from inside a module: `../users/...`, or the long way round through
 * `../../modules/users/...` (not `../../lib/...`, `../../db/...`).
 */
const OTHER_MODULE = {
  regex: '^(\\.\\./[^./][^/]*/|(\\.\\./)+modules/)',
  message: 'A module gets what it needs of another through the composition root (modules/index.ts).',
};
const SERVICE_QUERIES = "A service does not query: the module's repository does.";
/** One access style: a service asks a policy (lib/actor.ts accessPolicy, or its module's *.policy.ts). */
const INLINE_ACCESS = {
  name: '../../lib/actor',
  importNames: ['assertCan', 'can'],
  message: "A service checks access through a policy: accessPolicy(...) or its module's <module>.policy.ts.",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Type-aware rules that catch real bugs (conventions.md): unhandled promises, missed cases.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features do not import each other's screens (bulletproof-react); shared pieces live in components/ and lib/.
      'no-restricted-imports': [
        'error',
        {
          paths: [MUTATION_RULE],
          patterns: WEB_PATTERNS,
        },
      ],
    },
  },
  {
    // Zones: a feature never imports the app shell (router, guard, layouts): the shell composes features.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [MUTATION_RULE],
          patterns: [...WEB_PATTERNS, { group: ['**/app/**'], message: 'Features do not import the app shell.' }],
        },
      ],
    },
  },
  {
    // Zones: the domain-free building blocks (components/, lib/) know no feature and no app shell.
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [MUTATION_RULE],
          patterns: [
            ...WEB_PATTERNS,
            { group: ['**/features/**'], message: 'components/ and lib/ are domain-free: they import no feature.' },
            { group: ['**/app/**'], message: 'components/ and lib/ do not import the app shell.' },
          ],
        },
      ],
    },
  },
  {
    // Server zones: a module imports no other module (routes, service, repository, presenter):
    // what two modules share is a small interface the composition root (modules/index.ts) passes
    // in. lib/ and db/ import no module (plugins/ use the auth module's session store: sessions
    // are the request pipeline's own).
    files: ['apps/server/src/modules/*/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [OTHER_MODULE] }] },
  },
  {
    // A service holds the rules and calls its repository: no Drizzle query builder, no tables
    // (their types are fine).
    files: ['apps/server/src/modules/*/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', allowTypeImports: true, message: SERVICE_QUERIES }, INLINE_ACCESS],
          patterns: [
            OTHER_MODULE,
            { group: ['**/db/schema', '**/db/schema/*'], allowTypeImports: true, message: SERVICE_QUERIES },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/{lib,db}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              message: 'lib/ and db/ are used by modules, not the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    // The one place that wraps useMutation (useChange).
    files: ['apps/web/src/lib/query-client.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs}', 'apps/server/**/*.ts', 'scripts/**', '*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
