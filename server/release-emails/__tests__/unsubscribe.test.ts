import { describe, expect, it } from 'vitest';
import { signingKey } from '@/server/email/signing-key';
import { readUnsubscribeToken, unsubscribeToken } from '@/server/unsubscribe/token';
import { newList } from '@/server/recipients/__tests__/helpers';
import { setupEmailHarness, statusOf } from './harness';

const h = setupEmailHarness();

async function twoRecipients() {
  const list = await newList(h);
  const emails = ['ana@example.test', 'bo@example.test'];
  await list.call('POST', `${list.base}/recipients`, { emails });
  const [ana, bo] = await Promise.all(emails.map((e) => statusOf(h.db, list.listId, e)));
  const secret = await signingKey(h.db);
  return { list, ana: ana!, bo: bo!, link: (id: string) => `${h.url}/unsubscribe/${unsubscribeToken(secret, id)}` };
}

describe('unsubscribe links', () => {
  it('GET shows a confirmation page and changes nothing; POST from its form unsubscribes', async () => {
    const { list, ana, link } = await twoRecipients();
    const page = await fetch(link(ana.id));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('ana@example.test');
    expect(html).toContain('<form method="post">');
    expect((await statusOf(h.db, list.listId, 'ana@example.test')).status).toBe('active');

    const done = await fetch(link(ana.id), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    expect((await statusOf(h.db, list.listId, 'ana@example.test')).status).toBe('unsubscribed');
    // the page now says so instead of asking again
    expect(await (await fetch(link(ana.id))).text()).toContain('You are unsubscribed');
  });

  it('a link cannot be forged or moved to another recipient', async () => {
    const { list, ana, bo, link } = await twoRecipients();
    const [, anaMac] = link(ana.id).split('.').slice(-2);
    const attempts = [
      `${h.url}/unsubscribe/${bo.id}.${anaMac}`, // ana's signature on bo's id
      `${h.url}/unsubscribe/${bo.id}.${'A'.repeat(43)}`,
      `${h.url}/unsubscribe/${bo.id}`,
      `${h.url}/unsubscribe/${unsubscribeToken('another secret', bo.id)}`,
      `${h.url}/unsubscribe/not-a-token`,
      `${h.url}/unsubscribe/${'x'.repeat(500)}`,
      `${h.url}/unsubscribe/%E0%A4%A`,
    ];
    for (const url of attempts) {
      for (const method of ['GET', 'POST']) {
        const res = await fetch(url, { method });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(await res.text()).toContain('not valid');
      }
    }
    expect((await statusOf(h.db, list.listId, 'bo@example.test')).status).toBe('active');
  });

  it('a removed recipient who unsubscribes stays out: a later upsert does not bring them back', async () => {
    const { list, bo, link } = await twoRecipients();
    await list.call('DELETE', `${list.base}/recipients/bo%40example.test`);
    expect((await fetch(link(bo.id), { method: 'POST' })).status).toBe(200);
    const upsert = await list.call('PUT', `${list.base}/recipients`, { recipients: ['bo@example.test'] });
    expect(upsert.json).toMatchObject({ reactivated: 0, skipped_unsubscribed: 1 });
    expect((await statusOf(h.db, list.listId, 'bo@example.test')).status).toBe('unsubscribed');
  });

  it('tokens name one recipient and check in constant form', async () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const token = unsubscribeToken('s3cret', id);
    expect(readUnsubscribeToken('s3cret', token)).toBe(id);
    expect(readUnsubscribeToken('s3cret', token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).toBeNull();
    expect(readUnsubscribeToken('other', token)).toBeNull();
    expect(readUnsubscribeToken('s3cret', `${token}.x`)).toBeNull();
  });
});
