import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { buildRss, type FeedItem } from '../rss';

const channel = { title: 'Acme <changelog>', description: 'What shipped', siteUrl: 'http://x.test/changelog/c', feedUrl: 'http://x.test/api/v1/changelog/c/feed', updatedAt: '2026-11-28T09:00:00Z' };

function items(count: number): FeedItem[] {
  return Array.from({ length: count }, (_, i) => ({
    title: `Entry <${i}>`,
    url: 'http://x.test/changelog/c',
    guid: i % 3 === 0 ? undefined : `c#${i}`,
    description: i % 2 ? `<p>See <a href="/docs/${i}">the docs</a></p>` : `<p>Plain ${i} &amp; more</p>`,
    html: `<p>Item ${i}</p><pre><code>&lt;/item&gt;</code></pre>`,
    categories: i % 4 ? ['Added'] : [],
    date: `2026-11-${String((i % 28) + 1).padStart(2, '0')}T00:00:00Z`,
  }));
}

describe('buildRss', () => {
  it('builds a long feed in slices with the bytes of one build', async () => {
    const whole = await buildRss(channel, items(23), { items: 1000, htmlChars: 1e9 });
    const sliced = await buildRss(channel, items(23), { items: 5, htmlChars: 1e9 });
    // a turn also ends at its share of HTML: here every second item
    const byHtml = await buildRss(channel, items(23), { items: 1000, htmlChars: 60 });
    expect(sliced).toBe(whole);
    expect(byHtml).toBe(whole);
    expect(XMLValidator.validate(sliced)).toBe(true);
    expect(sliced.match(/<item>/g)).toHaveLength(23);
    expect(sliced).toContain('href="http://x.test/docs/1"');
    expect(sliced).toContain('<lastBuildDate>Sat, 28 Nov 2026 09:00:00 GMT</lastBuildDate>');
  });

  it.each([
    ['the slices of a long feed', 50, { items: 10, htmlChars: 1e9 }],
    ['long items', 3, { items: 1000, htmlChars: 1 }],
  ])('lets other requests run between %s', async (_, count, turn) => {
    const order: string[] = [];
    const building = buildRss(channel, items(count), turn).then(() => order.push('feed built'));
    setImmediate(() => order.push('another request'));
    await building;
    expect(order).toEqual(['another request', 'feed built']);
  });

  it('builds a feed without items', async () => {
    const xml = await buildRss({ ...channel, updatedAt: null }, []);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain('<item>');
    expect(xml).not.toContain('lastBuildDate');
  });
});
