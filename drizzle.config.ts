import { defineConfig } from 'drizzle-kit';

// Migrations are generated here and applied by the app on start (db/migrate.ts), never pushed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
});
