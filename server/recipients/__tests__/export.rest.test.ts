import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from '../content-disposition';
import { emails, newList, unsubscribe, setUpRestHarness } from './helpers';
import { insideOneRateWindow } from '@/tests/http';

const harness = setUpRestHarness();
const HEADER = 'email,name,external_id,status,created_at,status_changed_at,attributes';
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;

describe('GET recipients/export.csv', () => {
  it('streams the header row and one row per recipient, in the documented format', async () => {
    const list = await newList(harness, 'Launch');
    await list.call('PUT', `${list.base}/recipients`, {
      recipients: [
        { email: 'ada@example.test', name: 'Lovelace, Ada "AL"', external_id: 'crm-1', attributes: { plan: 'pro', seats: 3, trial: false } },
        'bare@example.test',
        { email: 'gone@example.test', name: 'Line\nbreak' },
        { email: 'cr@example.test', name: 'Carriage\rreturn' },
      ],
    });
    await list.call('DELETE', `${list.base}/recipients/gone%40example.test`);
    const res = await list.call('GET', `${list.base}/recipients/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=Launch-recipients.csv');
    expect(res.headers.get('ratelimit-limit')).toBe('20');
    expect(res.headers.get('ratelimit-policy')).toBe('20;w=60');
    expect(res.text.split('\r\n')[0]).toBe(HEADER);
    // RFC 4180: a cell with a bare LF or CR is quoted too, or other readers split the row
    expect(res.text).toContain(',"Line\nbreak",');
    expect(res.text).toContain(',"Carriage\rreturn",');

    const rows = parse(res.text, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        email: 'ada@example.test', name: 'Lovelace, Ada "AL"', external_id: 'crm-1', status: 'active',
        created_at: expect.stringMatching(ISO_UTC), status_changed_at: '', attributes: '{"plan":"pro","seats":3,"trial":false}',
      },
      { email: 'bare@example.test', name: '', external_id: '', status: 'active', created_at: expect.stringMatching(ISO_UTC), status_changed_at: '', attributes: '' },
      {
        email: 'gone@example.test', name: 'Line\nbreak', external_id: '', status: 'removed',
        created_at: expect.stringMatching(ISO_UTC), status_changed_at: expect.stringMatching(ISO_UTC), attributes: '',
      },
      { email: 'cr@example.test', name: 'Carriage\rreturn', external_id: '', status: 'active', created_at: expect.stringMatching(ISO_UTC), status_changed_at: '', attributes: '' },
    ]);
    const api = (await list.call('GET', `${list.base}/recipients`)).json.items;
    expect(rows[0]!.created_at!.replace('+00:00', 'Z')).toBe(api[0].created_at);
  });

  it('filters by status', async () => {
    const list = await newList(harness);
    await list.call('POST', `${list.base}/recipients`, { emails: emails('e', 4) });
    await list.call('DELETE', `${list.base}/recipients/e1%40example.test`);
    await unsubscribe(harness.db, list.listId, ['e2@example.test']);
    const only = async (status: string) =>
      (parse((await list.call('GET', `${list.base}/recipients/export.csv?status=${status}`)).text, { columns: true }) as { email: string }[]).map(
        (r) => r.email,
      );
    expect(await only('active')).toEqual(['e0@example.test', 'e3@example.test']);
    expect(await only('removed')).toEqual(['e1@example.test']);
    expect(await only('unsubscribed')).toEqual(['e2@example.test']);
    expect(await only('')).toHaveLength(4);
  });

  it('sends only the header row for an empty list, and every row of a long one', async () => {
    const list = await newList(harness);
    expect((await list.call('GET', `${list.base}/recipients/export.csv`)).text).toBe(`${HEADER}\r\n`);
    for (let i = 0; i < 5; i++) {
      await list.call('POST', `${list.base}/recipients`, { emails: emails(`batch${i}-`, 500) });
      await list.call('POST', `${list.base}/recipients/remove`, { emails: emails(`batch${i}-`, 500) });
    }
    const rows = parse((await list.call('GET', `${list.base}/recipients/export.csv`)).text, { columns: true }) as { email: string }[];
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((r) => r.email)).size).toBe(2500);
  });

  it('names the file safely whatever the list is called', async () => {
    const list = await newList(harness, 'Clients "VIP" / Été');
    const res = await list.call('GET', `${list.base}/recipients/export.csv`);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Clients _VIP_ _ _t_-recipients.csv"; filename*=UTF-8''Clients%20%22VIP%22%20_%20%C3%89t%C3%A9-recipients.csv`,
    );
  });

  it.each([
    ['news', 'attachment; filename=news-recipients.csv'],
    ['Q3 launch', `attachment; filename="Q3 launch-recipients.csv"; filename*=UTF-8''Q3%20launch-recipients.csv`],
    ["it's (big)*", `attachment; filename="it's (big)*-recipients.csv"; filename*=UTF-8''it%27s%20%28big%29%2A-recipients.csv`],
    ['a\r\nSet-Cookie: x', `attachment; filename="a__Set-Cookie: x-recipients.csv"; filename*=UTF-8''a__Set-Cookie%3A%20x-recipients.csv`],
    ['..\\..\\etc', 'attachment; filename=.._.._etc-recipients.csv'],
    ['日本', `attachment; filename="__-recipients.csv"; filename*=UTF-8''%E6%97%A5%E6%9C%AC-recipients.csv`],
  ])('Content-Disposition for %j', (name, expected) => {
    expect(attachmentDisposition(`${name}-recipients.csv`)).toBe(expected);
  });

  it('answers 400 {detail} with the rate-limit headers for an unknown status', async () => {
    const list = await newList(harness);
    const res = await list.call('GET', `${list.base}/recipients/export.csv?status=all`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json).toEqual({ detail: 'Unknown status "all"; use active, removed or unsubscribed' });
    expect(res.headers.get('ratelimit-remaining')).toBe('19');
  });

  it('answers a repeated status as the recipients listing does: 422 on the query parameter', async () => {
    const list = await newList(harness);
    const exported = await list.call('GET', `${list.base}/recipients/export.csv?status=active&status=removed`);
    const listed = await list.call('GET', `${list.base}/recipients?status=active&status=removed`);
    expect(exported.status).toBe(422);
    expect(exported.json).toEqual(listed.json);
    expect(exported.json.detail[0].loc).toEqual(['query', 'status']);
  });

  it('answers 404 for an unknown list, 422 for a list_id that is no UUID, 401 without a token', async () => {
    const list = await newList(harness);
    const missing = await list.call('GET', '/api/v1/email/lists/00000000-0000-4000-8000-000000000000/recipients/export.csv');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ detail: 'Mailing list not found' });
    const bad = await list.call('GET', '/api/v1/email/lists/123/recipients/export.csv');
    expect(bad.status).toBe(422);
    expect(bad.json.detail).toEqual([{ loc: ['path', 'list_id'], msg: expect.any(String), type: 'invalid_format' }]);
    const anonymous = await list.call('GET', `${list.base}/recipients/export.csv`, undefined, { authorization: '' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toEqual({ detail: 'Invalid or expired token' });
  });

  it('answers 429 with Retry-After after 20 exports a minute', async () => {
    await insideOneRateWindow();
    const list = await newList(harness);
    for (let i = 0; i < 20; i++) expect((await list.call('GET', `${list.base}/recipients/export.csv`)).status).toBe(200);
    const limited = await list.call('GET', `${list.base}/recipients/export.csv`);
    expect(limited.status).toBe(429);
    expect(Object.keys(limited.json)).toEqual(['detail']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
  });
});
