import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf } from './rows';
import type { DbOrTx } from './types';

/**
 * A statement built once per database (or transaction) and then only executed: drizzle otherwise builds
 * the SQL text of a query on every call, about 85 us of CPU for a one-table select inside the server.
 * For the hottest reads; `build` receives the database or transaction the statement will run on.
 */
export function preparedStatement<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A raw SQL read (values as `sql.placeholder`s) built once and run as a statement each connection
 * prepares once. `db.execute` sends its SQL unnamed: PostgreSQL parses and plans it on every call, and
 * postgres.js first asks for its parameter types, a second round trip. A 101-row recipients page cost
 * PostgreSQL 690 us that way against 420 us prepared. Only for SQL of a fixed shape: one text per query
 * is kept by every connection.
 */
export function preparedRead<Row>(query: SQL): (db: DbOrTx, values: Record<string, unknown>) => Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  // a name asks drizzle for a prepared statement; postgres.js names each text itself, PGlite ignores it
  const statement = preparedStatement((db) => db._.session.prepareQuery({ sql: text, params }, undefined, 'prepared_read', false));
  return async (db, values) => rowsOf<Row>(await statement(db).execute(values));
}
