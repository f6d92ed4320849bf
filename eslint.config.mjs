import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Database access belongs to the domain verbs in server/<domain>/; pages, route handlers and
// procedure files reach it only through them.
const databaseImports = {
  patterns: [
    { group: ['@/db', '@/db/*'], message: 'Call a domain verb in server/<domain>/ instead of the database.' },
    { group: ['drizzle-orm', 'drizzle-orm/*', 'postgres', '@electric-sql/pglite'], message: 'Database access belongs to the domain verbs.' },
  ],
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['node_modules/**', '.next*/**', '.data*/**', 'db/migrations/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', 'public/**'],
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'server/**/router.ts'],
    rules: {
      'no-restricted-imports': ['error', databaseImports],
    },
  },
];

export default config;
