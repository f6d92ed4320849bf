import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { prepareAuthEnvironment } from '@/server/surfaces/http/runtime';
import { sharedSecret } from '../shared-secret';

let database: DatabaseHandle;
const saved = { secret: process.env.NEXTAUTH_SECRET, url: process.env.NEXTAUTH_URL, dataDir: process.env.DATA_DIR };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const [name, value] of [['NEXTAUTH_SECRET', saved.secret], ['NEXTAUTH_URL', saved.url], ['DATA_DIR', saved.dataDir]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await database.close();
});

describe('secrets every instance must agree on', () => {
  it('are created once, whoever asks first and however many ask at the same moment', async () => {
    const name = `test-${randomUUID()}`;
    const secrets = await Promise.all(Array.from({ length: 8 }, () => sharedSecret(database.db, name)));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sharedSecret(database.db, name)).toBe(secrets[0]);
    expect(await sharedSecret(database.db, `${name}-other`)).not.toBe(secrets[0]);
  });

  it('the session secret comes from the database on PostgreSQL and from the data folder on PGlite; NEXTAUTH_SECRET wins', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shipnote-secret-'));
    process.env.DATA_DIR = dataDir;
    try {
      delete process.env.NEXTAUTH_SECRET;
      await prepareAuthEnvironment({ db: database.db, kind: 'postgres' });
      expect(process.env.NEXTAUTH_SECRET).toBe(await sharedSecret(database.db, 'nextauth'));

      delete process.env.NEXTAUTH_SECRET;
      await prepareAuthEnvironment({ db: database.db, kind: 'pglite' });
      expect(process.env.NEXTAUTH_SECRET).toBe(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8'));

      // upgrading a PostgreSQL deployment whose data folder holds the old secret keeps its sessions
      await database.db.execute(sql`delete from shared_secrets where name = 'nextauth'`);
      delete process.env.NEXTAUTH_SECRET;
      await prepareAuthEnvironment({ db: database.db, kind: 'postgres' });
      expect(process.env.NEXTAUTH_SECRET).toBe(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8'));
      expect(await sharedSecret(database.db, 'nextauth')).toBe(process.env.NEXTAUTH_SECRET);

      process.env.NEXTAUTH_SECRET = 'set-by-the-operator';
      await prepareAuthEnvironment({ db: database.db, kind: 'postgres' });
      expect(process.env.NEXTAUTH_SECRET).toBe('set-by-the-operator');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
