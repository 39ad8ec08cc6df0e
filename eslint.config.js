import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * DESIGN.md's import direction: app → common; server/http → server/domain → server/db|payments|mail;
 * server/* → common; common imports nothing Node-only and nothing of app/ or server/.
 * Inside app/ (ADR 019): routes → feature folders → lib/ and ui/; lib/ and ui/ import no feature;
 * the back office (app/admin) and the public site never import each other.
 */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const layer = (group, message) => ({ group, message });
/** Relative imports climbing into a top-level folder or sub-folder, e.g. ../../server/http. */
const into = (folder, message) => ({ regex: `^(\\.\\.?/)+${folder}(/|$)`, message });
const PUBLIC_FEATURES = 'accounts|content|donations|events|gallery|home|payments|shell|signups';
/** ADR 012: no schema library in the public site's JavaScript; the zod schemas live in common's *.wire.ts modules, for the server. */
const NO_SCHEMAS = [
  layer(['zod', 'zod/*'], 'The public site ships no schema library (ADR 012): import limits and helpers from a zod-free common/ module.'),
  { regex: '\\.wire$', message: 'A *.wire.ts module holds zod schemas for the server only (ADR 012); the browser imports the zod-free module beside it.' },
];

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'content/images/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // No import circles: a module that imports what imports it works only by luck of load order.
    files: ['{app,server,common}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([into('server', 'app/ may import common/ only, never server/ (DESIGN.md layers).'), ...NO_SCHEMAS]),
    },
  },
  {
    files: ['app/lib/**/*.{ts,tsx}', 'app/ui/**/*.{ts,tsx}'],
    rules: restrict([
      into('server', 'app/ may import common/ only, never server/ (DESIGN.md layers).'),
      into(`(${PUBLIC_FEATURES}|admin|routes)`, 'app/lib and app/ui are shared by every feature: they import no feature folder and no route (ADR 019).'),
      ...NO_SCHEMAS,
    ]),
  },
  {
    files: ['app/{accounts,content,donations,events,gallery,home,payments,shell,signups}/**/*.{ts,tsx}'],
    rules: restrict([
      into('server', 'app/ may import common/ only, never server/ (DESIGN.md layers).'),
      into('(admin|routes)', 'A feature folder is used by routes; it imports neither a route nor the back office (ADR 019).'),
      ...NO_SCHEMAS,
    ]),
  },
  {
    files: ['app/admin/**/*.{ts,tsx}'],
    rules: restrict([
      into('server', 'app/ may import common/ only, never server/ (DESIGN.md layers).'),
      into(`(${PUBLIC_FEATURES})`, 'The back office shares only app/lib and app/ui with the public site (ADR 019).'),
    ]),
  },
  {
    files: ['common/**/*.ts'],
    ignores: ['common/**/*.test.ts'],
    rules: restrict([
      into('(app|server)', 'common/ is shared by browser and server: it imports neither app/ nor server/.'),
      layer(['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'better-sqlite3', 'pg', 'express'], 'common/ must run in the browser: no Node-only modules.'),
    ]),
  },
  {
    files: ['server/domain/**/*.{ts,tsx}'],
    rules: restrict([
      layer(['express', 'express/*', 'react-router', '@react-router/*', 'react', 'react-dom', 'react-dom/*'], 'server/domain is plain TypeScript: no express, no react-router.'),
      into('(http|app)', 'server/domain must not import the HTTP layer or the UI.'),
    ]),
  },
  {
    files: ['server/db/**/*.{ts,tsx}', 'server/payments/**/*.{ts,tsx}', 'server/mail/**/*.{ts,tsx}'],
    rules: restrict([
      into('(domain|http|app)', 'server/db, payments and mail sit below the domain: they import neither domain, http nor app.'),
      layer(['express', 'express/*', 'react-router', '@react-router/*'], 'Infrastructure code does not use web frameworks.'),
    ]),
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    ignores: ['server/domain/**', 'server/db/**', 'server/payments/**', 'server/mail/**'],
    rules: restrict([into('app', 'The server reaches the UI only through the React Router build, never by import.')]),
  },
);
