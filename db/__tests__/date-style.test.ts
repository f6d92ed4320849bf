import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openPostgres } from '../client';
import { rowsOf } from '../rows';

const databaseUrl = process.env.DATABASE_URL; // the postgres project

// Times are read as PostgreSQL's text (the recipients page): a server whose default DateStyle is not ISO
// must not change what the API answers.
it.skipIf(!databaseUrl)('connects with ISO dates whatever the database\'s default DateStyle', async () => {
  const name = `datestyle_${randomUUID().replaceAll('-', '')}`;
  const admin = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.unsafe(`alter database ${name} set datestyle = 'German, DMY'`);
  const url = new URL(databaseUrl!);
  url.pathname = `/${name}`;
  try {
    const plain = postgres(url.toString(), { max: 1 });
    expect((await plain`show datestyle`)[0]!.DateStyle).toBe('German, DMY');
    await plain.end();
    const handle = await openPostgres(url.toString(), 1);
    try {
      const [row] = rowsOf<{ style: string; at: string }>(await handle.db.execute(sql`select current_setting('datestyle') as style, (timestamptz '2026-03-04 05:06:07.5+00' at time zone 'UTC')::text as at`));
      expect(row).toEqual({ style: 'ISO, MDY', at: '2026-03-04 05:06:07.5' });
    } finally {
      await handle.close();
    }
  } finally {
    await admin.unsafe(`drop database ${name} with (force)`);
    await admin.end();
  }
});
