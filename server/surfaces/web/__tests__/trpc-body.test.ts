import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { IMPORT_MAX_BYTES } from '@/server/recipients/import-limits';
import { handleDashboardRequest } from '../trpc-endpoint';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const post = (body: string) =>
  handleDashboardRequest(
    new Request('http://localhost/api/trpc/recipientImports.create', {
      method: 'POST',
      headers: { origin: 'http://localhost', host: 'localhost', 'content-type': 'application/json' },
      body,
    }),
  );

describe('the dashboard tRPC body cap', () => {
  it('takes a CSV at the 2 MB file cap even when JSON escaping nearly doubles it (a file full of quote marks)', async () => {
    const row = `a@example.test,"${'""'.repeat(30)}"\n`; // a name of 30 quote marks
    const csv = `email,name\n${row.repeat(Math.floor((IMPORT_MAX_BYTES - 100) / row.length))}`;
    const body = JSON.stringify({ list_id: '00000000-0000-4000-8000-000000000000', csv });
    expect(Buffer.byteLength(csv)).toBeLessThanOrEqual(IMPORT_MAX_BYTES);
    expect(Buffer.byteLength(body)).toBeGreaterThan(3 * 1024 * 1024);
    const res = await post(body);
    expect(res.status, await res.clone().text()).not.toBe(413);
  });

  it('still refuses a body past the cap with 413', async () => {
    const res = await post(JSON.stringify({ csv: 'x'.repeat(5 * 1024 * 1024) }));
    expect(res.status).toBe(413);
  });
});
