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
 * What one turn of the event loop builds: 100 items, or fewer holding 256 KB of HTML. A changelog of
 * 25,000 entries (100 KB of one-line bullets) took 1-3 s to build in one go, a list of 100 long posts
 * longer still, and the event loop answered nobody meanwhile.
 */
const TURN = { items: 100, htmlChars: 256 * 1024 };

/**
 * RSS 2.0 built with the `rss` package: escaped text, CDATA HTML, RFC 822 dates, permalink guids. A long
 * feed is built a slice of items at a time, yielding to other requests in between; the slices' items are
 * joined into the first slice's document, so the bytes are those of one build.
 */
export async function buildRss(channel: FeedChannel, items: FeedItem[], turn = TURN): Promise<string> {
  const [first = [], ...rest] = slicesOf(items, turn);
  let xml = buildDocument(channel, first);
  if (rest.length) {
    const firstItems = itemsOf(xml);
    const separator = xml.slice(xml.lastIndexOf('\n', firstItems.start), firstItems.start);
    const more: string[] = [];
    for (const slice of rest) {
      await setImmediate();
      const document = buildDocument(channel, slice);
      const { start, end } = itemsOf(document);
      more.push(separator, document.slice(start, end));
    }
    xml = xml.slice(0, firstItems.end) + more.join('') + xml.slice(firstItems.end);
  }
  // the package stamps lastBuildDate with the clock; the data's own time keeps the bytes stable
  const built = channel.updatedAt ? `<lastBuildDate>${new Date(channel.updatedAt).toUTCString()}</lastBuildDate>` : '';
  return xml.replace(/\s*<lastBuildDate>[^<]*<\/lastBuildDate>/, built ? `\n        ${built}` : '');
}

function slicesOf(items: FeedItem[], turn: typeof TURN): FeedItem[][] {
  const slices: FeedItem[][] = [];
  let slice: FeedItem[] = [];
  let htmlChars = 0;
  for (const item of items) {
    if (slice.length === turn.items || (slice.length > 0 && htmlChars >= turn.htmlChars)) {
      slices.push(slice);
      slice = [];
      htmlChars = 0;
    }
    slice.push(item);
    htmlChars += item.html.length + (item.description === item.html ? 0 : item.description.length);
  }
  if (slice.length) slices.push(slice);
  return slices;
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
