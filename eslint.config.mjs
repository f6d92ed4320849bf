import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// SQL belongs to the domain verbs in server/<domain>/ (and db/): pages, surfaces, procedure files and
// the tRPC core reach the data only through verbs. They may hold the database handle (@/db/client).
const sqlImports = [
  { group: ['@/db/schema', '@/db/schema/*', '**/db/schema', '**/db/schema/*'], message: 'Call a domain verb in server/<domain>/ instead of querying tables.' },
  { group: ['drizzle-orm', 'drizzle-orm/*', 'postgres', '@electric-sql/pglite'], message: 'SQL belongs to the domain verbs in server/<domain>/.' },
];

// Arrows point down: surfaces import domains, never the other way.
const surfaceImports = [{ group: ['**/surfaces/*', '**/surfaces/**', '@/server/surfaces/*'], message: 'Domains never import surfaces: move the shared piece down.' }];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['node_modules/**', '.next*/**', 'bench/next-floor/.next/**', '.data*/**', 'db/migrations/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'public/**'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'server/surfaces/**/*.ts', 'server/*.ts', 'server/**/router.ts', 'e2e/**/*.ts', 'scripts/**/*'],
    ignores: ['**/__tests__/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: sqlImports }],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/surfaces/**', '**/__tests__/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: surfaceImports }],
    },
  },
  {
    // a procedure file is both: no SQL, and no surface
    files: ['server/**/router.ts'],
    ignores: ['server/surfaces/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...sqlImports, ...surfaceImports] }],
    },
  },
];

export default config;
