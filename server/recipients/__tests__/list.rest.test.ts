import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { emails, newList, setUpRestHarness } from './helpers';

const harness = setUpRestHarness();

type Page = { items: { email: string; id: string }[]; next_cursor: string | null };

async function pageThrough(call: (m: string, p: string) => Promise<{ json: Page }>, path: string, between?: (page: number) => Promise<void>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 100; page++) {
    const res = await call('GET', `${path}${path.includes('?') ? '&' : '?'}${cursor ? `cursor=${encodeURIComponent(cursor)}` : ''}`);
    seen.push(...res.json.items.map((r) => r.email));
    cursor = res.json.next_cursor;
    if (!cursor) return seen;
    await between?.(page);
  }
  throw new Error('too many pages');
}

describe('GET recipients', () => {
  it('pages oldest first, 100 by default, and visits every recipient exactly once', async () => {
    const list = await newList(harness);
    const all = emails('p', 250);
    await list.call('PUT', `${list.base}/recipients`, { recipients: all.slice(0, 120) });
    await list.call('POST', `${list.base}/recipients`, { emails: all.slice(120) });
    const first = await list.client()('GET', `${list.base}/recipients`);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('100');
    expect(first.json.items).toHaveLength(100);
    expect(typeof first.json.next_cursor).toBe('string');
    expect(await pageThrough(list.client(), `${list.base}/recipients?limit=7`)).toEqual(all);
    const last = await list.client()('GET', `${list.base}/recipients?limit=500`);
    expect(last.json.items).toHaveLength(250);
    expect(last.json.next_cursor).toBeNull();
  });

  it('stays stable while recipients are added and removed between pages', async () => {
    const list = await newList(harness);
    const initial = emails('s', 60);
    await list.call('PUT', `${list.base}/recipients`, { recipients: initial });
    const writer = list.client();
    const seen = await pageThrough(list.client(), `${list.base}/recipients?limit=9`, async (page) => {
      await writer('POST', `${list.base}/recipients`, { emails: [`late${page}@example.test`] });
      await writer('DELETE', `${list.base}/recipients/s${page * 3}%40example.test`);
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.slice(0, 60)).toEqual(initial);
    // rows added meanwhile come after the initial ones, in order
    expect(seen.slice(60)).toEqual(seen.slice(60).sort((a, b) => Number(a.slice(4, -13)) - Number(b.slice(4, -13))));
  });

  it('filters by status and searches email, name and external_id case-insensitively', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, {
      recipients: [
        { email: 'ada@lovelace.test', name: 'Ada Lovelace' },
        { email: 'grace@navy.test', external_id: 'CRM-Grace-1' },
        { email: 'alan@bletchley.test', name: 'Alan' },
        { email: 'under_score@x.test', name: '100% sure' },
      ],
    });
    await list.call('DELETE', `${list.base}/recipients/alan%40bletchley.test`);
    const get = async (query: string) => (await list.client()('GET', `${list.base}/recipients?${query}`)).json.items.map((r: { email: string }) => r.email);
    expect(await get('status=removed')).toEqual(['alan@bletchley.test']);
    expect(await get('status=active')).toEqual(['ada@lovelace.test', 'grace@navy.test', 'under_score@x.test']);
    expect(await get('status=unsubscribed')).toEqual([]);
    expect(await get('q=LOVELACE')).toEqual(['ada@lovelace.test']);
    expect(await get('q=crm-grace')).toEqual(['grace@navy.test']);
    expect(await get('q=A')).toEqual(['ada@lovelace.test', 'grace@navy.test', 'alan@bletchley.test']);
    expect(await get('q=a&status=active')).toEqual(['ada@lovelace.test', 'grace@navy.test']);
    // LIKE wildcards are plain characters
    expect(await get('q=%25')).toEqual(['under_score@x.test']);
    expect(await get('q=_')).toEqual(['under_score@x.test']);
    expect(await get('q=nobody')).toEqual([]);
  });

  it('pages through search results with the cursor', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [...emails('hit', 30), ...emails('miss', 30, 'other.test')].sort() });
    const seen = await pageThrough(list.client(), `${list.base}/recipients?q=HIT&limit=4`);
    expect(seen.sort()).toEqual(emails('hit', 30).sort());
  });

  it.each([
    ['an unknown status', 'status=gone', 'Unknown status "gone"; use active, removed or unsubscribed'],
    ['a status in capitals', 'status=Active', 'Unknown status "Active"; use active, removed or unsubscribed'],
    ['a garbage cursor', 'cursor=%%%', 'Malformed cursor'],
    ['a cursor of base64 garbage', 'cursor=aGVsbG8', 'Malformed cursor'],
    ['a cursor with a changed character', 'cursor=cjEuMx', 'Malformed cursor'],
  ])('answers 400 for %s', async (_, query, detail) => {
    const list = await newList(harness);
    const res = await list.call('GET', `${list.base}/recipients?${query}`);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ detail });
  });

  it.each(['limit=0', 'limit=501', 'limit=abc', 'limit=2.5', 'limit=-1'])('answers 422 for %s', async (query) => {
    const list = await newList(harness);
    const res = await list.call('GET', `${list.base}/recipients?${query}`);
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(['query', 'limit']);
  });

  it('accepts limit 1 and 500, and an empty cursor or status as absent', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: emails('x', 3) });
    const one = await list.call('GET', `${list.base}/recipients?limit=1&cursor=&status=`);
    expect(one.json.items).toHaveLength(1);
    const next = await list.call('GET', `${list.base}/recipients?limit=500&cursor=${one.json.next_cursor}`);
    expect(next.json.items.map((r: { email: string }) => r.email)).toEqual(['x1@example.test', 'x2@example.test']);
  });

  it('writes every time as toISOString does: UTC, milliseconds truncated, whole seconds with .000', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: emails('t', 3) });
    await list.call('DELETE', `${list.base}/recipients/t2%40example.test`);
    // times as a server in another zone would store them: the text must not follow the session's zone
    await harness.db.execute(sql`
      update recipients set created_at = v.at::timestamptz, updated_at = v.at::timestamptz + interval '1 second'
      from (values ('t0@example.test', '2026-03-04 05:06:07+02'), ('t1@example.test', '2026-03-04 05:06:07.123999+00'),
        ('t2@example.test', '1999-12-31 23:59:59.5-05')) as v(email, at)
      where recipients.list_id = ${list.listId} and recipients.email = v.email`);
    const items = (await list.call('GET', `${list.base}/recipients`)).json.items;
    expect(items.map((r: { created_at: string; updated_at: string }) => [r.created_at, r.updated_at])).toEqual([
      ['2026-03-04T03:06:07.000Z', '2026-03-04T03:06:08.000Z'],
      ['2026-03-04T05:06:07.123Z', '2026-03-04T05:06:08.123Z'],
      ['2000-01-01T04:59:59.500Z', '2000-01-01T05:00:00.500Z'],
    ]);
    expect(items[0].status_changed_at).toBeNull();
    expect(items[2].status_changed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(items[2].status_changed_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sends a page read again as the same bytes, and the next page after a write with the change', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: emails('b', 3) });
    const first = await list.call('GET', `${list.base}/recipients`);
    const stringify = vi.spyOn(JSON, 'stringify');
    const again = await list.call('GET', `${list.base}/recipients`);
    const pagesSerialized = stringify.mock.calls.filter(([value]) => typeof value === 'object' && value !== null && 'items' in value);
    stringify.mockRestore();
    expect(pagesSerialized).toHaveLength(0);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('content-type')).toBe('application/json');
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'b1@example.test', name: 'Renamed' }] });
    const after = await list.call('GET', `${list.base}/recipients`);
    expect(after.json.items.map((r: { name?: string }) => r.name ?? null)).toEqual([null, 'Renamed', null]);
    const head = await list.call('HEAD', `${list.base}/recipients`);
    expect([head.status, head.text]).toEqual([200, '']);
  });

  it('reads an encoded slash as part of the list id, not as a separator', async () => {
    const list = await newList(harness);
    const res = await list.call('GET', `/api/v1/email/lists/${list.listId}%2Frecipients`);
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(['path', 'list_id']);
  });

  it('answers 404 for a list that is not in the project', async () => {
    const list = await newList(harness);
    const res = await list.call('GET', '/api/v1/email/lists/00000000-0000-4000-8000-000000000000/recipients');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ detail: 'Mailing list not found' });
  });
});
