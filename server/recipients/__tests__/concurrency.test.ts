import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recipients } from '@/db/schema';
import { unsubscribeRecipient } from '../unsubscribe';
import { emails, newList, setUpRestHarness, snapshot } from './helpers';

// Twenty clients write to one list at the same moment. On the PostgreSQL server (DATABASE_URL) these
// are twenty real connections racing; the list row lock must still keep the list at 500 active.
const harness = setUpRestHarness();

describe('the 500 active cap under concurrency', () => {
  it('twenty clients upserting 50 new addresses each at once: exactly ten batches land', async () => {
    const list = await newList(harness);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => list.client()('PUT', `${list.base}/recipients`, { recipients: emails(`c${i}-`, 50) })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(results.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    expect(ok).toHaveLength(10);
    expect(ok.every((r) => r.json.added === 50)).toBe(true);
    const counts = (await list.client()('GET', list.base)).json;
    expect(counts).toMatchObject({ active_count: 500, recipient_count: 500 });
  });

  it('twenty clients mixing add, upsert and remove near the cap never leave more than 500 active', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: emails('base', 480) });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const call = list.client();
        if (i % 4 === 0) return call('POST', `${list.base}/recipients/remove`, { emails: emails('base', 3 + i) });
        if (i % 4 === 1) return call('POST', `${list.base}/recipients`, { emails: emails(`add${i}-`, 6) });
        return call('PUT', `${list.base}/recipients`, { recipients: [...emails(`up${i}-`, 4), ...emails('base', 6)] });
      }),
    );
    expect(results.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    const counts = (await list.client()('GET', list.base)).json;
    expect(counts.active_count).toBeLessThanOrEqual(500);
    // every landed batch is accounted for, so no write slipped past the count
    const added = results.filter((r) => r.status === 200).reduce((sum, r) => sum + (r.json.added ?? 0), 0);
    expect(counts.recipient_count).toBe(480 + added);
    const rows = (await list.client()('GET', `${list.base}/recipients?status=active&limit=500`)).json.items;
    expect(rows).toHaveLength(counts.active_count);
  });

  it('unsubscribe links racing upserts and removes of the same addresses: no deadlock, counts exact', async () => {
    const list = await newList(harness);
    const shared = emails('race', 40);
    await list.call('PUT', `${list.base}/recipients`, { recipients: shared });
    const rows = await harness.db
      .select({ id: recipients.id })
      .from(recipients)
      .where(and(eq(recipients.listId, list.listId), inArray(recipients.email, shared)));
    const links = rows.map((row) => unsubscribeRecipient(harness.db, { projectId: list.projectId, listId: list.listId, recipientId: row.id }));
    const writes = Array.from({ length: 8 }, (_, i) =>
      i % 2 ? list.client()('POST', `${list.base}/recipients/remove`, { emails: shared }) : list.client()('PUT', `${list.base}/recipients`, { recipients: shared }),
    );
    const [unsubscribed, responses] = await Promise.all([Promise.all(links), Promise.all(writes)]);
    expect(unsubscribed.every(Boolean)).toBe(true);
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    const stored = await snapshot(harness.db, list.listId);
    expect(stored.every((r) => r.status === 'unsubscribed')).toBe(true);
    expect((await list.call('GET', list.base)).json).toMatchObject({ recipient_count: 40, active_count: 0, removed_count: 0, unsubscribed_count: 40 });
  });
});
