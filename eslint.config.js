// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Screens are composed by the app shell only (its router and app/routes). */
const SCREENS = { group: ['**/features/*/routes/*'], message: 'Screens are composed by the app shell only.' };

/** What every web file may not import. */
const WEB_PATTERNS = [
  {
    // A form sends what the user typed (XFormValues = z.input); the server parses it.
    // Sending a parsed output (XInput = z.output) parsed it twice: prices x 100.
    group: ['@keurwijzer/shared/*'],
    importNamePattern: '^(?!.*Schema$)\\w+Input$',
    message: 'The web sends form values (XFormValues, the schema input), never parsed output (XInput).',
  },
];

const WEB = 'apps/web/src';
const WEB_FEATURES = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web's zones, on resolved paths (a `../../` spelling cannot slip past them): a feature
 * imports only itself, components/, lib/ and packages/shared; components/ and lib/ import no
 * feature and no app shell; only the app shell (and the start files beside it) imports app/.
 * A screen that shows two features is composed in app/.
 */
const WEB_ZONES = [
  ...WEB_FEATURES.map((feature) => ({
    target: `./${WEB}/features/${feature}`,
    from: `./${WEB}/features`,
    except: [`./${feature}`],
    message:
      'A feature imports no other feature: move what both use down (components/, lib/), or compose them in app/.',
  })),
  {
    target: [`./${WEB}/components`, `./${WEB}/lib`],
    from: `./${WEB}/features`,
    message: 'components/ and lib/ are used by features, not the other way round.',
  },
  {
    target: `./${WEB}/lib`,
    from: `./${WEB}/components`,
    message: 'lib/ stands under components/: what both need lives in lib/.',
  },
  {
    target: [`./${WEB}/features`, `./${WEB}/components`, `./${WEB}/lib`],
    from: `./${WEB}/app`,
    message: 'Only the app shell (and the start files) import app/: the shell composes features.',
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
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: globals.browser },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [MUTATION_RULE],
          patterns: [SCREENS, ...WEB_PATTERNS],
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: WEB_ZONES }],
    },
  },
  {
    // The app shell composes screens: a screen that shows two features (app/routes).
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [MUTATION_RULE], patterns: WEB_PATTERNS }] },
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
    // A file a reader can hold in mind: no source file over 300 lines, no function over 150.
    // Outside the limits: the composition root (modules/index.ts), migrations, tests and their helpers.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.spec.ts',
      '**/*.test-helpers.ts',
      '**/e2e/**',
      '**/test/**',
      '**/test-support/**',
      'apps/server/src/modules/index.ts',
    ],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 150 }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
