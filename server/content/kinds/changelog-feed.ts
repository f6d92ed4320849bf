import type { RenderedChangelog } from '@/db/schema';
import { uniqueAnchor } from '../internal';
import type { FeedItem } from '../rss';
import { publicUrls } from '../urls';
import type { TChangelog } from './changelog-schemas';

const WHOLE_CHANGELOG_CATEGORY = 'Changelog';

/**
 * One item per entry (decisions.md "Changelog feed"), linked to a fragment of the page so each guid stays
 * unique and stable while its text does; without entries, the whole changelog as one item.
 */
export function changelogFeedItems(changelog: TChangelog, { html, entries }: RenderedChangelog): FeedItem[] {
  const pageUrl = publicUrls.changelog(changelog.slug);
  if (!entries.length) {
    return [{ title: changelog.title, url: pageUrl, description: html, html, categories: [WHOLE_CHANGELOG_CATEGORY], date: changelog.published_at }];
  }
  const anchors = new Set<string>();
  return entries.map((entry) => ({
    title: entry.title,
    url: `${pageUrl}#${uniqueAnchor(anchors, `${entry.category} ${entry.title}`, 80)}`,
    description: entry.html,
    html: entry.html,
    categories: [entry.category],
    date: changelog.published_at,
  }));
}
