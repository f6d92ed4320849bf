import type { Database } from '@/db/client';
import { AppError } from '../../errors';
import { cached } from '../cache';
import { publicUrls } from '../urls';
import { slugify } from '../../projects/slug';
import { findPublished } from '../items';
import { CHANGELOG } from '../kinds';
import { changelogEntries } from '../../markdown/structure';
import { renderMarkdown } from '../../markdown/render';
import { buildRss, type FeedItem } from './rss';

const WHOLE_CHANGELOG_CATEGORY = 'Changelog';

/** GET /changelog/{public_slug}/feed: one item per entry (decisions.md "Changelog feed"). */
export function changelogFeed({ ctx, input }: { ctx: { db: Database }; input: { public_slug: string } }) {
  return cached(`changelog-feed:${input.public_slug}`, async () => {
    const found = await findPublished(CHANGELOG, ctx.db, input.public_slug);
    if (!found) throw new AppError('NOT_FOUND', `${CHANGELOG.label} not found`);
    const { item: changelog, project } = found;
    const pageUrl = publicUrls.changelog(changelog.slug);
    const anchors = new Set<string>();
    const entries = changelogEntries(changelog.content);
    const items: FeedItem[] = entries.length
      ? entries.map((entry) => ({
          title: entry.title,
          url: `${pageUrl}#${uniqueAnchor(anchors, `${entry.category} ${entry.title}`)}`,
          description: entry.html,
          html: entry.html,
          categories: [entry.category],
          date: changelog.published_at,
        }))
      : [
          {
            title: changelog.title,
            url: pageUrl,
            description: renderMarkdown(changelog.content),
            html: renderMarkdown(changelog.content),
            categories: [WHOLE_CHANGELOG_CATEGORY],
            date: changelog.published_at,
          },
        ];
    const version = changelog.version ? ` (${changelog.version})` : '';
    const xml = buildRss(
      {
        title: `${project.name}: ${changelog.title}`,
        description: `Changelog${version} of ${project.name}`,
        siteUrl: pageUrl,
        feedUrl: publicUrls.changelogFeed(changelog.slug),
        updatedAt: changelog.published_at,
      },
      items,
    );
    return { xml };
  });
}

// entries become fragments of the page so each guid stays unique and stable while its text does
function uniqueAnchor(taken: Set<string>, text: string): string {
  const base = slugify(text, 80);
  let anchor = base;
  for (let n = 2; taken.has(anchor); n++) anchor = `${base}-${n}`;
  taken.add(anchor);
  return anchor;
}
