import { describe, expect, it } from 'vitest';
import { emails, newList, snapshot, setUpRestHarness } from './helpers';

const harness = setUpRestHarness();

describe('DELETE recipients/{identifier}', () => {
  it('matches an email first, then an external_id, URL-decoded', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, {
      recipients: [
        { email: 'first@example.test', external_id: 'second@example.test' },
        { email: 'second@example.test' },
        { email: 'plus+tag@example.test', external_id: 'a/b c%d' },
      ],
    });
    // "second@example.test" is both an email and another recipient's external_id: the email wins
    expect((await list.call('DELETE', `${list.base}/recipients/second%40example.test`)).json).toEqual({ status: 'removed' });
    const emailsByStatus = async (status: string) =>
      (await list.client()('GET', `${list.base}/recipients?status=${status}`)).json.items.map((r: { email: string }) => r.email);
    expect(await emailsByStatus('removed')).toEqual(['second@example.test']);
    expect((await list.call('DELETE', `${list.base}/recipients/${encodeURIComponent('a/b c%d')}`)).json).toEqual({ status: 'removed' });
    expect((await list.call('DELETE', `${list.base}/recipients/${encodeURIComponent('PLUS+tag@example.test')}`)).json).toEqual({
      status: 'already_removed',
    });
    expect(await emailsByStatus('active')).toEqual(['first@example.test']);
  });

  it('answers 404 {detail} when nothing matches, and for external_ids in another case', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', external_id: 'Crm-1' }] });
    for (const identifier of ['nobody%40example.test', 'crm-1', '%20']) {
      const res = await list.call('DELETE', `${list.base}/recipients/${identifier}`);
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ detail: 'Recipient not found' });
    }
  });

  it('answers 422 for a list_id that is no UUID', async () => {
    const list = await newList(harness);
    const res = await list.call('DELETE', '/api/v1/email/lists/nope/recipients/a%40example.test');
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(['path', 'list_id']);
  });
});

describe('POST recipients/remove', () => {
  it('counts each recipient once and lists identifiers that matched nothing as sent', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, {
      recipients: [{ email: 'a@example.test', external_id: 'a' }, 'b@example.test', { email: 'c@example.test', external_id: 'c' }],
    });
    await list.call('DELETE', `${list.base}/recipients/c`);
    const res = await list.call('POST', `${list.base}/recipients/remove`, {
      emails: ['A@example.test', 'b@example.test', 'b@example.test', 'ghost@example.test', 'not an email'],
      external_ids: ['a', 'c', 'A', 'ghost'],
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ removed: 2, already_removed: 1, skipped_unsubscribed: 0, not_found: ['ghost@example.test', 'not an email', 'A', 'ghost'] });
    // idempotent: the same call again removes nothing more
    const before = await snapshot(harness.db, list.listId);
    const again = await list.call('POST', `${list.base}/recipients/remove`, { emails: ['a@example.test', 'b@example.test'], external_ids: ['c'] });
    expect(again.json).toEqual({ removed: 0, already_removed: 3, skipped_unsubscribed: 0, not_found: [] });
    expect(await snapshot(harness.db, list.listId)).toEqual(before);
  });

  it('accepts one field alone and 1000 identifiers in total', async () => {
    const list = await newList(harness);
    await list.call('POST', `${list.base}/recipients`, { emails: emails('r', 400) });
    const res = await list.call('POST', `${list.base}/recipients/remove`, { emails: emails('r', 600), external_ids: emails('x', 400) });
    expect(res.json.removed).toBe(400);
    expect(res.json.not_found).toHaveLength(600);
    expect((await list.call('POST', `${list.base}/recipients/remove`, { external_ids: ['nobody'] })).json.not_found).toEqual(['nobody']);
  });

  it.each([
    ['neither field', {}],
    ['both fields empty', { emails: [], external_ids: [] }],
    ['1001 identifiers together', { emails: emails('a', 600), external_ids: emails('b', 401) }],
    ['a non-string email', { emails: [1] }],
  ])('answers 422 for %s', async (_, body) => {
    const list = await newList(harness);
    const res = await list.call('POST', `${list.base}/recipients/remove`, body);
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc[0]).toBe('body');
    expect(typeof res.json.detail[0].msg).toBe('string');
  });

  it('answers 404 for a list that is not in the project', async () => {
    const list = await newList(harness);
    const res = await list.call('POST', '/api/v1/email/lists/00000000-0000-4000-8000-000000000000/recipients/remove', { emails: ['a@example.test'] });
    expect(res.status).toBe(404);
  });
});
