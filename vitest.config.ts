import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    environment: 'node',
    include: ['server/**/__tests__/**/*.test.ts', 'db/**/__tests__/**/*.test.ts', 'tests/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
