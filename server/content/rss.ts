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

/** RSS 2.0 built with the `rss` package: escaped text, CDATA HTML, RFC 822 dates, permalink guids. */
export function buildRss(channel: FeedChannel, items: FeedItem[]): string {
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
    feed.item({
      title: plainText(item.title),
      description: xmlSafe(withAbsoluteLinks(item.description, item.url)),
      url: item.url, // without `guid`, the package writes the url as a permalink guid
      guid: item.guid, // with one, it writes isPermaLink="false"
      categories: item.categories?.map(plainText) ?? [],
      date: item.date,
      // a reader has no page to resolve a relative link against
      custom_elements: [{ 'content:encoded': { _cdata: xmlSafe(withAbsoluteLinks(item.html, item.url)) } }],
    });
  }
  const xml = feed.xml({ indent: true });
  // the package stamps lastBuildDate with the clock; the data's own time keeps the bytes stable
  const built = channel.updatedAt ? `<lastBuildDate>${new Date(channel.updatedAt).toUTCString()}</lastBuildDate>` : '';
  return xml.replace(/\s*<lastBuildDate>[^<]*<\/lastBuildDate>/, built ? `\n        ${built}` : '');
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
