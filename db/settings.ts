import path from 'node:path';

/** Where the data lives: a PostgreSQL server (`DATABASE_URL`), else embedded PGlite in `DATA_DIR`. */
export const databaseSettings = {
  get url() {
    return process.env.DATABASE_URL || undefined;
  },
  get dataDir() {
    return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || './.data');
  },
};
