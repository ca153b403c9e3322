// @ts-check
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import astro from 'eslint-plugin-astro';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way: pages → controllers → api → contract ← server, and pages → layouts/components/
 * islands → stores → api. Only src/fetch.ts (the request entry) and src/build/ (what `astro build` runs)
 * reach the embedded platform.
 */
const noServer = {
  // Astro's own browser runtime (edge/island-runtime.ts) is no platform code.
  group: [
    '**/server/**',
    '!astro/runtime/server/*',
    'drizzle-orm',
    'drizzle-orm/*',
    '@electric-sql/*',
    'pg',
    'sharp',
  ],
  message: 'Only src/fetch.ts, src/build/ and tests reach the embedded platform; talk to it through src/api.',
};
/** Serving code reads configuration (src/server/config/), never the seed; boot.ts seeds an empty database. */
const noSeed = {
  group: ['**/seed/**'],
  message: 'Serving code does not import the seed: move what it needs to src/server/config/.',
};
/** Routes validate with the contract, call a domain function and answer: queries live in the domain. */
const noQueries = {
  group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema.ts'],
  message: 'A route does not query: put the SQL in a domain module (src/server/README.md).',
};
/** Controllers answer pages: only pages (and endpoints) call them; views may name their types. */
const noControllers = {
  group: ['**/controllers/**'],
  allowTypeImports: true,
  message: 'Only pages call controllers (src/controllers); a view takes what the page hands it.',
};
/** A controller reads the visit and calls the platform through src/api; it renders nothing. */
const noViews = {
  group: ['**/components/**', '**/islands/**', '**/layouts/**', '**/pages/**', '**/stores/**'],
  message: 'A controller answers a view or a redirect: the page renders it (docs/architecture.md).',
};
/** The same rule for `import()`, which no-restricted-imports does not see. */
const noDynamicServer = {
  selector: 'ImportExpression[source.value=/(^|\\/)server\\/|^(drizzle-orm|pg|sharp|@electric-sql)/]',
  message: noServer.message,
};

/** Imports that leave their folder use the `#/` alias (a package.json subpath import Node resolves too). */
const noParentImports = {
  group: ['../*', '../**'],
  message: "Import from another folder with the '#/' alias (#/server/cart/cart.ts), not '../'.",
};

/** Lines a source file may have before it is split along a real seam. */
const MAX_LINES = 300;
/**
 * Files allowed past MAX_LINES, each with its reason (and its own limit, so it cannot keep growing).
 * @type {Record<string, [number, string]>}
 */
const LONG_FILES = {
  'src/server/seed/editorial.ts': [
    400,
    "the seed's editorial content: data (pages, banners, menus), no logic",
  ],
  'src/components/listing/ListingView.astro': [
    350,
    'one view with its own scoped styles; its parts (filters, pagination, cards) are components already',
  ],
};

/** @type {(file: string, max: number) => import('eslint').Linter.Config} */
const longFile = (file, max) => ({ files: [file], rules: { 'max-lines': ['error', max] } });

export default defineConfig(
  { ignores: ['dist/', '.astro/', '.data/', 'node_modules/', 'src/server/db/migrations/'] },
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.astro'],
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Template literals with numbers are how money and ids are written into URLs and messages.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // tsconfig's noPropertyAccessFromIndexSignature asks for the opposite: env['X'], query['x'].
      '@typescript-eslint/dot-notation': 'off',
      // It would trade `as T` for `!`, which strictTypeChecked forbids.
      '@typescript-eslint/non-nullable-type-assertion-style': 'off',
    },
  },
  {
    files: ['src/**'],
    rules: {
      'max-lines': ['error', MAX_LINES],
      'no-restricted-imports': ['error', { patterns: [noParentImports] }],
    },
  },
  {
    // No import circles: what a module imports never imports it back, however far round (`import type`
    // aside, which leaves no value at run time). A circle is broken along its real seam, never silenced.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      // The plugin's TypeScript settings (which files it parses, and how), with our `#/` alias resolved.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...Object.entries(LONG_FILES).map(([file, [max]]) => longFile(file, max)),
  { files: ['tests/**', 'scripts/**'], rules: { 'max-lines': ['error', 450] } },
  ...astro.configs['flat/recommended'],
  {
    // .astro files: their syntax, a11y and import rules, without type information. astro-eslint-parser has
    // no project service, and with `project` it built a TypeScript program per file: 77 s of a 110 s lint
    // for 4.6 s without. Their types are `astro check`'s (strict, zero warnings), and their logic lives in
    // controllers, linted with types like every .ts file.
    files: ['**/*.astro'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { parserOptions: { projectService: false, project: false } },
  },
  ...astro.configs['flat/jsx-a11y-strict'],
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.configs.strict,
  },
  {
    files: ['src/pages/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noServer] }],
      'no-restricted-syntax': ['error', noDynamicServer],
    },
  },
  {
    files: [
      'src/components/**',
      'src/islands/**',
      'src/stores/**',
      'src/api/**',
      'src/layouts/**',
      'src/lib/**',
      'src/edge/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noServer, noControllers] }],
      'no-restricted-syntax': ['error', noDynamicServer],
    },
  },
  {
    files: ['src/controllers/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noServer, noViews] }],
      'no-restricted-syntax': ['error', noDynamicServer],
    },
  },
  {
    files: ['src/server/**'],
    ignores: ['src/server/seed/**', 'src/server/boot.ts', 'src/server/routes/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noSeed, noParentImports] }] },
  },
  {
    files: ['src/server/routes/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noSeed, noQueries, noParentImports] }] },
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\./).*', message: 'The contract imports only zod.' }] },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '*.config.*'],
    ...tseslint.configs.disableTypeChecked,
  },
);
