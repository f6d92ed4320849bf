import { setImmediate } from 'node:timers/promises';
import RSS from 'rss';
import { withAbsoluteLinks } from '../markdown/sanitize';

export interface FeedChannel {
  title: string;
  description: string;
  /** the public page the channel stands for */
  siteUrl: string;
  feedUrl: string;
  /** the newest item's time; the feed's lastBuildDate, so equal data gives equal bytes (and ETag) */
  updatedAt: string | null;
}

export interface FeedItem {
  /** plain text */
  title: string;
  /** the public page, also the permalink guid unless `guid` is set */
  url: string;
  /** an id that is not a link, for items that share one page */
  guid?: string;
  /** sanitized HTML */
  description: string;
  /** sanitized HTML, as content:encoded */
  html: string;
  categories?: string[];
  date: string;
}

/**
 * Items built per synchronous turn: a changelog of 25,000 entries (100 KB of one-line bullets) took 1-3 s
 * to build in one go, and the event loop answered nobody meanwhile.
 */
const ITEMS_PER_TURN = 100;

/**
 * RSS 2.0 built with the `rss` package: escaped text, CDATA HTML, RFC 822 dates, permalink guids. A long
 * feed is built a slice of items at a time, yielding to other requests in between; the slices' items are
 * joined into the first slice's document, so the bytes are those of one build.
 */
export async function buildRss(channel: FeedChannel, items: FeedItem[], itemsPerTurn = ITEMS_PER_TURN): Promise<string> {
  let xml = buildDocument(channel, items.slice(0, itemsPerTurn));
  if (items.length > itemsPerTurn) {
    const first = itemsOf(xml);
    const separator = xml.slice(xml.lastIndexOf('\n', first.start), first.start);
    const more: string[] = [];
    for (let from = itemsPerTurn; from < items.length; from += itemsPerTurn) {
      await setImmediate();
      const slice = buildDocument(channel, items.slice(from, from + itemsPerTurn));
      const { start, end } = itemsOf(slice);
      more.push(separator, slice.slice(start, end));
    }
    xml = xml.slice(0, first.end) + more.join('') + xml.slice(first.end);
  }
  // the package stamps lastBuildDate with the clock; the data's own time keeps the bytes stable
  const built = channel.updatedAt ? `<lastBuildDate>${new Date(channel.updatedAt).toUTCString()}</lastBuildDate>` : '';
  return xml.replace(/\s*<lastBuildDate>[^<]*<\/lastBuildDate>/, built ? `\n        ${built}` : '');
}

function buildDocument(channel: FeedChannel, items: FeedItem[]): string {
  const feed = new RSS({
    title: plainText(channel.title),
    description: plainText(channel.description),
    site_url: channel.siteUrl,
    feed_url: channel.feedUrl,
    language: 'en',
    generator: 'Shipnote',
    ttl: 60,
  });
  for (const item of items) {
    // a reader has no page to resolve a relative link against; a changelog entry's description is its HTML
    const html = xmlSafe(withAbsoluteLinks(item.html, item.url));
    feed.item({
      title: plainText(item.title),
      description: item.description === item.html ? html : xmlSafe(withAbsoluteLinks(item.description, item.url)),
      url: item.url, // without `guid`, the package writes the url as a permalink guid
      guid: item.guid, // with one, it writes isPermaLink="false"
      categories: item.categories?.map(plainText) ?? [],
      date: item.date,
      custom_elements: [{ 'content:encoded': { _cdata: html } }],
    });
  }
  return feed.xml({ indent: true });
}

/** Where a document's items begin and end: channel fields are escaped, so its first `<item>` opens them. */
function itemsOf(xml: string): { start: number; end: number } {
  return { start: xml.indexOf('<item>'), end: xml.lastIndexOf('</item>') + '</item>'.length };
}

/** Plain text in an HTML element (description): fully entity-escaped, and valid XML. */
export function escapeText(text: string): string {
  return xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A title or category: plain text to most readers, HTML to some. `&` stays as written so plain-text
 * readers show it right; `<` and `>` are escaped so no reader ever sees a tag.
 */
function plainText(text: string): string {
  return xmlSafe(text).replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// XML 1.0 forbids most control characters even inside CDATA
function xmlSafe(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}
