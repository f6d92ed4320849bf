import { describe, expect, it } from 'vitest';
import { emails, newList, snapshot, setUpRestHarness } from './helpers';

const harness = setUpRestHarness();
const zero = { added: 0, updated: 0, reactivated: 0, unchanged: 0, skipped_unsubscribed: 0, invalid: [], conflicts: [] };

async function rows(list: Awaited<ReturnType<typeof newList>>) {
  const res = await list.client()('GET', `${list.base}/recipients?limit=500`);
  return res.json.items as Record<string, unknown>[];
}

describe('PUT recipients: the matching table', () => {
  it('external_id on the list: that recipient is updated, its email included', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'old@example.test', external_id: 'u-1' }] });
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'NEW@example.test', external_id: 'u-1' }] });
    expect(res.json).toEqual({ ...zero, updated: 1 });
    expect(await rows(list)).toMatchObject([{ email: 'new@example.test', external_id: 'u-1', status: 'active' }]);
  });

  it('email on the list without external_id: updated, and adopts the external_id', async () => {
    const list = await newList(harness);
    await list.call('POST', `${list.base}/recipients`, { emails: ['a@example.test'] });
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'A@example.test', external_id: 'crm-7' }] });
    expect(res.json).toEqual({ ...zero, updated: 1 });
    expect(await rows(list)).toMatchObject([{ email: 'a@example.test', external_id: 'crm-7' }]);
  });

  it('an entry without external_id matches by email and keeps the stored external_id', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', external_id: 'crm-7' }] });
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', name: 'Ada' }] });
    expect(res.json).toEqual({ ...zero, updated: 1 });
    expect(await rows(list)).toMatchObject([{ name: 'Ada', external_id: 'crm-7' }]);
  });

  it('matching nothing: added as a new active recipient with every field sent', async () => {
    const list = await newList(harness);
    const res = await list.call('PUT', `${list.base}/recipients`, {
      recipients: [{ email: ' Ada@Example.test ', name: 'Ada', external_id: 'x-1', attributes: { plan: 'pro', seats: 3, trial: false, gone: null } }],
    });
    expect(res.json).toEqual({ ...zero, added: 1 });
    const [row] = await rows(list);
    expect(row).toEqual({
      id: expect.any(String), email: 'ada@example.test', name: 'Ada', external_id: 'x-1',
      attributes: { plan: 'pro', seats: 3, trial: false }, status: 'active', status_changed_at: null, is_active: true,
      created_at: expect.any(String), updated_at: expect.any(String),
    });
  });

  it('email that belongs to a different external_id: reported in conflicts, nothing changed', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', external_id: 'u-1', name: 'A' }] });
    const before = await snapshot(harness.db, list.listId);
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'A@example.test', external_id: 'u-2', name: 'B' }] });
    expect(res.json).toEqual({
      ...zero,
      conflicts: [{ email: 'A@example.test', external_id: 'u-2', reason: 'email belongs to a different external_id' }],
    });
    expect(await snapshot(harness.db, list.listId)).toEqual(before);
  });

  it('external_id whose new email is another recipient\'s: a conflict, nothing changed', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', external_id: 'u-1' }, 'b@example.test'] });
    const before = await snapshot(harness.db, list.listId);
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'b@example.test', external_id: 'u-1' }] });
    expect(res.json.conflicts).toEqual([{ email: 'b@example.test', external_id: 'u-1', reason: 'email belongs to another recipient' }]);
    expect(await snapshot(harness.db, list.listId)).toEqual(before);
  });
});

describe('PUT recipients: fields and counts', () => {
  it('writes name and external_id only when sent, replaces attributes when present, "" clears the name', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', name: 'Ada', external_id: 'u', attributes: { a: 1, b: 2 } }] });
    await list.call('PUT', `${list.base}/recipients`, { recipients: ['a@example.test', { email: 'a@example.test', name: null, external_id: null }] });
    expect(await rows(list)).toMatchObject([{ name: 'Ada', external_id: 'u', attributes: { a: 1, b: 2 } }]);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', attributes: { c: 'x' } }] });
    expect((await rows(list))[0]!.attributes).toEqual({ c: 'x' });
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', name: '', attributes: {} }] });
    const [row] = await rows(list);
    expect(row).not.toHaveProperty('name');
    expect(row!.attributes).toEqual({});
  });

  it('counts updated only when a field changed, else unchanged; the same payload twice changes nothing', async () => {
    const list = await newList(harness);
    const payload = {
      recipients: [
        { email: 'a@example.test', name: 'A', attributes: { x: 1, y: 'two' } },
        { email: 'b@example.test', external_id: 'b' },
        'c@example.test',
      ],
    };
    expect((await list.call('PUT', `${list.base}/recipients`, payload)).json).toEqual({ ...zero, added: 3 });
    const after = await snapshot(harness.db, list.listId);
    expect((await list.call('PUT', `${list.base}/recipients`, payload)).json).toEqual({ ...zero, unchanged: 3 });
    expect(await snapshot(harness.db, list.listId)).toEqual(after);
    // key order does not make attributes different
    const reordered = await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', attributes: { y: 'two', x: 1 } }] });
    expect(reordered.json).toEqual({ ...zero, unchanged: 1 });
    const changed = await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', attributes: { x: '1', y: 'two' } }], });
    expect(changed.json).toEqual({ ...zero, updated: 1 });
  });

  it('entries that reach the same recipient count once, and the last one wins', async () => {
    const list = await newList(harness);
    const res = await list.call('PUT', `${list.base}/recipients`, {
      recipients: ['a@example.test', { email: 'A@example.test', name: 'First' }, { email: 'a@example.test', name: 'Last' }, { email: 'z@example.test', external_id: 'z' }, { email: 'y@example.test', external_id: 'z' }],
    });
    expect(res.json).toEqual({ ...zero, added: 2 });
    expect((await rows(list)).map((r) => [r.email, r.name ?? null, r.external_id ?? null])).toEqual([
      ['a@example.test', 'Last', null],
      ['y@example.test', null, 'z'],
    ]);
  });

  it('refuses to move a recipient off an address another entry of the batch names, so a repeat stays harmless', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'old@example.test', external_id: 'u-1' }] });
    const payload = { recipients: ['old@example.test', { email: 'new@example.test', external_id: 'u-1' }] };
    const first = await list.call('PUT', `${list.base}/recipients`, payload);
    expect(first.json).toEqual({
      ...zero,
      unchanged: 1,
      conflicts: [{ email: 'new@example.test', external_id: 'u-1', reason: 'its current email is named by another entry of this batch' }],
    });
    const after = await snapshot(harness.db, list.listId);
    expect((await list.call('PUT', `${list.base}/recipients`, payload)).json).toEqual(first.json);
    expect(await snapshot(harness.db, list.listId)).toEqual(after);
  });

  it('two recipients can trade addresses in one batch', async () => {
    const list = await newList(harness);
    await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', external_id: '1' }, { email: 'b@example.test', external_id: '2' }] });
    const res = await list.call('PUT', `${list.base}/recipients`, {
      recipients: [{ email: 'tmp@example.test', external_id: '1' }, { email: 'a@example.test', external_id: '2' }, { email: 'b@example.test', external_id: '1' }],
    });
    expect(res.json).toEqual({ ...zero, updated: 2 });
    expect((await rows(list)).map((r) => [r.external_id, r.email])).toEqual([['1', 'b@example.test'], ['2', 'a@example.test']]);
  });

  it('lists invalid addresses as sent and writes the valid ones', async () => {
    const list = await newList(harness);
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: ['not-an-email', { email: 'a@@b' }, '', 'ok@example.test'] });
    expect(res.json).toEqual({ ...zero, added: 1, invalid: ['not-an-email', 'a@@b', ''] });
  });

  it('takes a local part of 64 characters and refuses one of 65 (RFC 5321)', async () => {
    const list = await newList(harness);
    const longest = `${'a'.repeat(64)}@example.test`;
    const tooLong = `${'b'.repeat(65)}@example.test`;
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: [longest, tooLong] });
    expect(res.json).toEqual({ ...zero, added: 1, invalid: [tooLong] });
  });

  it('upserts 1000 entries in one request', async () => {
    const list = await newList(harness);
    const entries = emails('bulk', 1000).map((email, i) => (i < 500 ? { email, external_id: `e${i}`, attributes: { i } } : `bad-${i}`));
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: entries });
    expect(res.json.added).toBe(500);
    expect(res.json.invalid).toHaveLength(500);
    expect((await list.client()('GET', list.base)).json.active_count).toBe(500);
  });
});

describe('PUT recipients: 422', () => {
  const attrs = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
  it.each([
    ['an empty array', { recipients: [] }, ['body', 'recipients']],
    ['1001 entries', { recipients: emails('x', 1001) }, ['body', 'recipients']],
    ['no recipients field', {}, ['body', 'recipients']],
    ['an entry that is a number', { recipients: [5] }, ['body', 'recipients', 0]],
    ['an object without email', { recipients: [{ name: 'x' }] }, ['body', 'recipients', 0, 'email']],
    ['a name over 200 characters', { recipients: ['ok@example.test', { email: 'a@example.test', name: 'n'.repeat(201) }] }, ['body', 'recipients', 1, 'name']],
    ['an external_id over 255 characters', { recipients: [{ email: 'a@example.test', external_id: 'e'.repeat(256) }] }, ['body', 'recipients', 0, 'external_id']],
    ['21 attribute keys', { recipients: [{ email: 'a@example.test', attributes: attrs(21) }] }, ['body', 'recipients', 0, 'attributes']],
    ['a 65-character key', { recipients: [{ email: 'a@example.test', attributes: { ['k'.repeat(65)]: 1 } }] }, ['body', 'recipients', 0, 'attributes', 'k'.repeat(65)]],
    ['attributes over 2 KB', { recipients: [{ email: 'a@example.test', attributes: { big: 'x'.repeat(2040) } }] }, ['body', 'recipients', 0, 'attributes']],
    ['a nested attribute value', { recipients: [{ email: 'a@example.test', attributes: { o: { p: 1 } } }] }, ['body', 'recipients', 0, 'attributes', 'o']],
    ['an array attribute value', { recipients: [{ email: 'a@example.test', attributes: { l: [1] } }] }, ['body', 'recipients', 0, 'attributes', 'l']],
    ['attributes that are an array', { recipients: [{ email: 'a@example.test', attributes: [1] }] }, ['body', 'recipients', 0, 'attributes']],
  ])('answers 422 with the loc of the field for %s, and writes nothing', async (_, body, loc) => {
    const list = await newList(harness);
    const res = await list.call('PUT', `${list.base}/recipients`, body);
    expect(res.status).toBe(422);
    expect(res.json.detail.map((issue: { loc: unknown }) => issue.loc)).toEqual([loc]);
    for (const issue of res.json.detail) {
      expect(typeof issue.msg).toBe('string');
      expect(typeof issue.type).toBe('string');
    }
    expect(await snapshot(harness.db, list.listId)).toEqual([]);
  });

  it('names the rule an entry broke, not only that one of its forms failed', async () => {
    const list = await newList(harness);
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', name: 'n'.repeat(201), attributes: { ['k'.repeat(65)]: 1, o: { p: 1 } } }] });
    expect(res.json.detail).toEqual([
      { loc: ['body', 'recipients', 0, 'name'], msg: 'Too big: expected string to have <=200 characters', type: 'too_big' },
      { loc: ['body', 'recipients', 0, 'attributes', 'k'.repeat(65)], msg: 'Keys are at most 64 characters', type: 'too_big' },
      { loc: ['body', 'recipients', 0, 'attributes', 'o'], msg: 'Attribute values are strings, numbers, booleans or null', type: 'invalid_union' },
    ]);
  });

  it('accepts exactly 20 keys of 64 characters within 2 KB', async () => {
    const list = await newList(harness);
    const attributes = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`${i}`.padStart(64, 'k'), i]));
    const res = await list.call('PUT', `${list.base}/recipients`, { recipients: [{ email: 'a@example.test', attributes }] });
    expect(res.status).toBe(200);
    expect(Object.keys((await rows(list))[0]!.attributes as object)).toHaveLength(20);
  });

  it('answers 404 for a list of no one, before looking at the entries', async () => {
    const list = await newList(harness);
    const res = await list.call('PUT', '/api/v1/email/lists/00000000-0000-4000-8000-000000000000/recipients', { recipients: ['a@example.test'] });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ detail: 'Mailing list not found' });
  });
});

describe('POST recipients (add)', () => {
  it('validates each address, deduplicates case-insensitively and skips existing ones', async () => {
    const list = await newList(harness);
    await list.call('POST', `${list.base}/recipients`, { emails: ['old@example.test'] });
    const res = await list.call('POST', `${list.base}/recipients`, {
      emails: ['a@example.test', 'A@EXAMPLE.test', ' a@example.test', 'old@example.test', 'nope', 'nope', 'b@example.test'],
    });
    expect(res.json).toEqual({ added: 2, skipped_existing: 1, invalid: ['nope'] });
    expect((await rows(list)).map((r) => r.email)).toEqual(['old@example.test', 'a@example.test', 'b@example.test']);
  });

  it.each([
    ['an empty array', { emails: [] }],
    ['1001 addresses', { emails: emails('x', 1001) }],
    ['a non-string address', { emails: ['a@example.test', 3] }],
    ['no emails field', { addresses: ['a@example.test'] }],
  ])('answers 422 for %s', async (_, body) => {
    const list = await newList(harness);
    const res = await list.call('POST', `${list.base}/recipients`, body);
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc.slice(0, 2)).toEqual(['body', 'emails']);
  });

  it('accepts 1000 addresses in one request', async () => {
    const list = await newList(harness);
    const res = await list.call('POST', `${list.base}/recipients`, { emails: [...emails('a', 500), ...emails('A', 500)] });
    expect(res.json).toEqual({ added: 500, skipped_existing: 0, invalid: [] });
  });
});
