import { describe, expect, it } from 'vitest';
import { emails, newList, snapshot, unsubscribe, setUpRestHarness } from './helpers';

// api-v1.md section 3, "Recipient status (per list)": one test per row, over real HTTP.
const harness = setUpRestHarness();

async function recipient(list: Awaited<ReturnType<typeof newList>>, email: string) {
  const res = await list.client()('GET', `${list.base}/recipients?q=${encodeURIComponent(email)}`);
  return res.json.items.find((r: { email: string }) => r.email === email);
}

describe('(none) -> active', () => {
  it('add creates an active recipient counted in added, with status_changed_at null', async () => {
    const list = await newList(harness);
    const res = await list.call('POST', `${list.base}/recipients`, { emails: ['New@Example.test'] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ added: 1, skipped_existing: 0, invalid: [] });
    const r = await recipient(list, 'new@example.test');
    expect(r).toEqual({
      id: expect.any(String), email: 'new@example.test', attributes: {}, status: 'active', status_changed_at: null,
      is_active: true, created_at: expect.any(String), updated_at: expect.any(String),
    });
  });

  it('upsert creates an active recipient counted in added', async () => {
    const list = await newList(harness);
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'n@example.test', name: 'N' }] });
    expect(res.json).toEqual({ added: 1, updated: 0, reactivated: 0, unchanged: 0, skipped_unsubscribed: 0, invalid: [], conflicts: [] });
    expect(await recipient(list, 'n@example.test')).toMatchObject({ status: 'active', name: 'N', is_active: true, status_changed_at: null });
  });

  it('creating past 500 active is refused with 400, by add and by upsert, and writes nothing', async () => {
    const list = await newList(harness);
    expect((await list.call('PUT', `${list.base}/recipients`, { recipients: emails('a', 498) })).json.added).toBe(498);
    const before = await snapshot(harness.db, list.listId);
    const expected = { detail: 'This batch would bring the list to 501 active recipients; a list holds at most 500' };
    const add = await list.call('POST', `${list.base}/recipients`, { emails: emails('b', 3) });
    expect(add.status).toBe(400);
    expect(add.json).toEqual(expected);
    // the update in this batch does not go through either
    const upsert = await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a0@example.test', name: 'Changed' }, ...emails('b', 3)] });
    expect(upsert.status).toBe(400);
    expect(upsert.json).toEqual(expected);
    expect(await snapshot(harness.db, list.listId)).toEqual(before);
    // exactly up to 500 is fine
    expect((await list.call('POST', `${list.base}/recipients`, { emails: emails('b', 2) })).json.added).toBe(2);
    expect((await list.client()('GET', list.base)).json.active_count).toBe(500);
  });
});

describe('active -> removed', () => {
  it('single remove answers removed, keeps the row and stamps status_changed_at', async () => {
    const list = await newList(harness);
    await list.call('POST', `${list.base}/recipients`, { emails: ['r@example.test'] });
    const res = await list.call('DELETE', `${list.base}/recipients/R%40Example.test`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'removed' });
    const r = await recipient(list, 'r@example.test');
    expect(r).toMatchObject({ status: 'removed', is_active: false });
    expect(r.status_changed_at).not.toBeNull();
    expect((await list.client()('GET', list.base)).json).toMatchObject({ recipient_count: 1, active_count: 0, removed_count: 1 });
  });

  it('batch remove counts it in removed', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', external_id: 'u-a' }, 'b@example.test'] });
    const res = await list.call('POST', `${list.base}/recipients/remove`, { emails: ['B@example.test'], external_ids: ['u-a'] });
    expect(res.json).toEqual({ removed: 2, already_removed: 0, skipped_unsubscribed: 0, not_found: [] });
  });
});

describe('removed -> removed', () => {
  it('single remove answers already_removed and batch counts already_removed; nothing changes', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', external_id: 'u-a' }] });
    await list.call('DELETE', `${list.base}/recipients/u-a`);
    const before = await snapshot(harness.db, list.listId);
    expect((await list.call('DELETE', `${list.base}/recipients/a%40example.test`)).json).toEqual({ status: 'already_removed' });
    expect((await list.call('DELETE', `${list.base}/recipients/u-a`)).json).toEqual({ status: 'already_removed' });
    const batch = await list.call('POST', `${list.base}/recipients/remove`, { emails: ['a@example.test'], external_ids: ['u-a'] });
    expect(batch.json).toEqual({ removed: 0, already_removed: 1, skipped_unsubscribed: 0, not_found: [] });
    expect(await snapshot(harness.db, list.listId)).toEqual(before);
  });
});

describe('removed -> active', () => {
  it('upsert by email reactivates, counts reactivated only, then applies the fields', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', name: 'Old', attributes: { k: 1 } }] });
    await list.call('DELETE', `${list.base}/recipients/a%40example.test`);
    const removedAt = (await recipient(list, 'a@example.test')).status_changed_at;
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', name: 'New', external_id: 'u-1' }] });
    expect(res.json).toMatchObject({ added: 0, updated: 0, reactivated: 1, unchanged: 0 });
    const r = await recipient(list, 'a@example.test');
    expect(r).toMatchObject({ status: 'active', is_active: true, name: 'New', external_id: 'u-1', attributes: { k: 1 } });
    expect(r.status_changed_at > removedAt).toBe(true);
  });

  it('upsert by external_id reactivates and changes the email', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'old@example.test', external_id: 'u-9' }] });
    await list.call('POST', `${list.base}/recipients/remove`, { external_ids: ['u-9'] });
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'new@example.test', external_id: 'u-9' }] });
    expect(res.json).toMatchObject({ added: 0, reactivated: 1, updated: 0 });
    expect(await recipient(list, 'new@example.test')).toMatchObject({ status: 'active', external_id: 'u-9' });
    expect((await list.client()('GET', list.base)).json).toMatchObject({ recipient_count: 1, active_count: 1 });
  });

  it('add puts a removed address back and counts it in added', async () => {
    const list = await newList(harness);
    await list.call('POST', `${list.base}/recipients`, { emails: ['a@example.test'] });
    await list.call('DELETE', `${list.base}/recipients/a%40example.test`);
    const res = await list.call('POST', `${list.base}/recipients`, { emails: ['A@example.test'] });
    expect(res.json).toEqual({ added: 1, skipped_existing: 0, invalid: [] });
    expect(await recipient(list, 'a@example.test')).toMatchObject({ status: 'active' });
  });

  it('reactivations count against the 500 cap', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: emails('a', 500) });
    await list.call('POST', `${list.base}/recipients/remove`, { emails: ['a0@example.test'] });
    await list.call('POST', `${list.base}/recipients`, { emails: ['new@example.test'] });
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: ['a0@example.test'] });
    expect(res.status).toBe(400);
    expect((await recipient(list, 'a0@example.test')).status).toBe('removed');
  });
});

describe('unsubscribed stays unsubscribed', () => {
  async function listWithUnsubscribed() {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'u@example.test', external_id: 'u-1', name: 'U' }] });
    await unsubscribe(harness.db, list.listId, ['u@example.test']);
    return { list, before: await snapshot(harness.db, list.listId) };
  }

  it('upsert leaves it untouched and counts skipped_unsubscribed (by email and by external_id)', async () => {
    const { list, before } = await listWithUnsubscribed();
    const res = await list.call('PUT', `${list.base}/recipients`, {
      recipients: [{ email: 'u@example.test', name: 'Back' }, { email: 'other@example.test', external_id: 'u-1' }],
    });
    expect(res.json).toEqual({ added: 0, updated: 0, reactivated: 0, unchanged: 0, skipped_unsubscribed: 1, invalid: [], conflicts: [] });
    expect(await snapshot(harness.db, list.listId)).toEqual(before);
  });

  it('add counts it in skipped_existing', async () => {
    const { list, before } = await listWithUnsubscribed();
    expect((await list.call('POST', `${list.base}/recipients`, { emails: ['U@example.test'] })).json).toEqual({
      added: 0, skipped_existing: 1, invalid: [],
    });
    expect(await snapshot(harness.db, list.listId)).toEqual(before);
  });

  it('single remove answers unsubscribed; batch remove counts skipped_unsubscribed', async () => {
    const { list, before } = await listWithUnsubscribed();
    expect((await list.call('DELETE', `${list.base}/recipients/u%40example.test`)).json).toEqual({ status: 'unsubscribed' });
    expect((await list.call('DELETE', `${list.base}/recipients/u-1`)).json).toEqual({ status: 'unsubscribed' });
    const batch = await list.call('POST', `${list.base}/recipients/remove`, { emails: ['u@example.test'], external_ids: ['u-1'] });
    expect(batch.json).toEqual({ removed: 0, already_removed: 0, skipped_unsubscribed: 1, not_found: [] });
    expect(await snapshot(harness.db, list.listId)).toEqual(before);
    expect((await list.client()('GET', list.base)).json).toMatchObject({ recipient_count: 1, active_count: 0, unsubscribed_count: 1 });
  });
});
