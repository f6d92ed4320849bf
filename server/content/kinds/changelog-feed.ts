import type { RenderedChangelog } from '@/db/schema';
import { AnchorNames } from '../internal';
import type { FeedItem } from '../rss';
import { publicUrls } from '../urls';
import type { TChangelog } from './changelog-schemas';

const WHOLE_CHANGELOG_CATEGORY = 'Changelog';

/**
 * One item per entry (decisions.md "Changelog feed"), each linked to the page; its guid names a fragment
 * of the page (not a permalink: the page has no element per entry) so it stays unique and stable while
 * the entry's text does. Without entries, the whole changelog as one item.
 */
export function changelogFeedItems(changelog: TChangelog, { html, entries }: RenderedChangelog): FeedItem[] {
  const pageUrl = publicUrls.changelog(changelog.slug);
  if (!entries.length) {
    return [{ title: changelog.title, url: pageUrl, description: html, html, categories: [WHOLE_CHANGELOG_CATEGORY], date: changelog.published_at }];
  }
  const anchors = new AnchorNames();
  return entries.map((entry) => ({
    title: entry.title,
    url: pageUrl,
    guid: `${pageUrl}#${anchors.name(`${entry.category} ${entry.title}`, 80)}`,
    description: entry.html,
    html: entry.html,
    categories: [entry.category],
    date: changelog.published_at,
  }));
}
