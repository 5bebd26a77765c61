// Lint rules, including the import directions of STYLE rule 5:
// shared web code never imports a feature, a feature never imports another,
// no server module reaches into another module's repository or tables, and
// the server's infrastructure (plugins, db, lib, jobs) imports no module.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

const dirs = (dir) =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    : [];
const webFeatures = dirs('apps/web/src/features');
const serverModules = dirs('apps/server/src/modules');

// A server module enters another by its front doors only: `<other>.service.ts`
// (what it offers) and `<other>.events.ts` (how it reacts to events).
const repositoryZones = serverModules.flatMap((module) =>
  serverModules
    .filter((other) => other !== module)
    .map((other) => ({
      target: `./apps/server/src/modules/${module}`,
      from: `./apps/server/src/modules/${other}`,
      except: [`./${other}.service.ts`, `./${other}.events.ts`],
      message: `Enter the ${other} module by ${other}.service.ts (or ${other}.events.ts), never its other files (STYLE rule 5).`,
    })),
);

// Each table belongs to one module: db/schema/<module>.ts holds its tables.
// A module imports its own schema file only, save the exceptions listed in
// apps/server/module-boundaries.json, each named with its reason in
// docs/decisions/014-module-boundaries.md.
const schemaDir = './apps/server/src/db/schema';
const { tableExceptions } = JSON.parse(fs.readFileSync('apps/server/module-boundaries.json', 'utf8'));
const tableZones = serverModules.map((module) => ({
  target: `./apps/server/src/modules/${module}`,
  from: schemaDir,
  except: [module, ...(tableExceptions[module] ?? [])].map((owner) => `./${owner}.ts`),
  message:
    "A module queries its own tables only (db/schema/<module>.ts); use the owner's service, or record the exception in docs/decisions/014-module-boundaries.md and apps/server/module-boundaries.json (STYLE rule 5).",
}));


const featureZones = webFeatures.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature (STYLE rule 5).',
}));

// Every import direction but the modules' front doors, which tests may pass.
const sharedZones = [
  ...featureZones,
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code never imports a feature or the app layer (STYLE rule 5).',
  },
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'Features never import the app layer.',
  },
  {
    target: './packages/contract',
    from: ['./apps'],
    message: 'The contract depends on nothing in the apps.',
  },
  {
    target: './apps/web',
    from: './apps/server',
    message: 'The web app talks to the server only through the contract and HTTP.',
  },
  ...tableZones,
  {
    target: ['./apps/server/src/plugins', './apps/server/src/lib', './apps/server/src/jobs', './apps/server/src/db'],
    from: ['./apps/server/src/modules', './apps/server/src/seed'],
    message: 'Infrastructure serves the modules and imports none of them; the app (app.ts) wires them together.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.grantbridge/**',
      '.scratch/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [...sharedZones, ...repositoryZones],
        },
      ],
    },
  },
  {
    // Tests may build their fixtures with another module's internals (an extract, a vocabulary).
    files: ['apps/server/src/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: sharedZones }] },
  },
  {
    // SQL lives in repositories (STYLE rule 5, issue 26): a module's other files call
    // its `*.repository.ts` functions and never build or run a query themselves.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'drizzle-orm',
              allowTypeImports: true,
              message: 'SQL only in *.repository.ts: move the query to the module\'s repository.',
            },
          ],
          patterns: [
            {
              regex: '(^|/)db/client$',
              importNames: ['queryRows', 'uuidArray', 'positionalSql'],
              message: 'SQL only in *.repository.ts: move the query to the module\'s repository.',
            },
            {
              regex: '(^|/)db/schema(/|$)',
              allowTypeImports: true,
              message: 'Tables are read in *.repository.ts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // A route writes its method and path once, in the contract: bindEndpoint serves the entry.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(get|post|put|patch|delete|route)$/][callee.object.name='app']",
          message: 'Serve a contract endpoint with bindEndpoint(app, endpoints.<name>, …) (lib/endpoint-schema.ts).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
