import { changelogs, type RenderedChangelog } from '@/db/schema';
import { renderMarkdown } from '../../markdown/render';
import { changelogEntries, excerpt } from '../../markdown/structure';
import { defineKind } from '../kind';
import { oneLine } from '../markdown-doc';
import { toDate } from '../schemas';
import { publicUrls } from '../urls';
import { changelogFeedItems } from './changelog-feed';
import { ZChangelog, ZChangelogPage, ZManagedChangelog, ZSaveChangelogInput, type TChangelog } from './changelog-schemas';
import { currentRendering } from '../rendered';

type Row = typeof changelogs.$inferSelect;
const PATH = 'changelog';

function fields(row: Row) {
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    content: row.content,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    commit_count: row.commitCount,
    created_at: row.createdAt.toISOString(),
  };
}

function render({ content = '' }: { content?: string }): RenderedChangelog {
  return { html: renderMarkdown(content), summary: excerpt(content, 200), entries: changelogEntries(content) };
}

/** The line under a changelog's title: its version, the day it was published and the period it covers. */
function metaLine(changelog: Pick<TChangelog, 'version' | 'published_at' | 'period_start' | 'period_end'>): string {
  const parts = [`Published ${changelog.published_at.slice(0, 10)}`];
  if (changelog.version) parts.unshift(`Version ${oneLine(changelog.version)}`);
  if (changelog.period_start && changelog.period_end) parts.push(`Covers ${changelog.period_start} to ${changelog.period_end}`);
  return parts.join(' · ');
}

/** Changelogs: a title, an optional version, markdown entries under `## ` headings, an optional period. */
export const CHANGELOG = defineKind({
  kind: 'changelog',
  label: 'Changelog',
  slugWords: (row) => row.version || row.title,
  path: PATH,
  table: changelogs,
  schemas: { public: ZChangelog, managed: ZManagedChangelog, save: ZSaveChangelogInput, page: ZChangelogPage },
  fields,
  title: (row) => row.title,
  // with `id`, the optional fields change only when sent, and null clears them
  saveValues: (input) => ({
    title: input.title,
    content: input.content,
    ...(input.version !== undefined && { version: input.version || null }),
    ...(input.period_start !== undefined && { periodStart: input.period_start && toDate(input.period_start) }),
    ...(input.period_end !== undefined && { periodEnd: input.period_end && toDate(input.period_end) }),
    ...(input.commit_count !== undefined && { commitCount: input.commit_count }),
  }),
  render,
  page: ({ item, row, project }) => {
    const { html, summary } = currentRendering(row.rendered, () => render(row));
    return { changelog: item, project, description: summary || item.title, html, feed_url: publicUrls.feed(PATH, item.slug) };
  },
  // the source follows unchanged, byte for byte
  markdown: ({ item }) => `# ${oneLine(item.title)}\n\n${metaLine(item)}\n\n${item.content}`,
  feed: {
    channel: ({ item, project }) => ({
      title: `${project.name}: ${item.title}`,
      description: `Changelog${item.version ? ` (${item.version})` : ''} of ${project.name}`,
    }),
    items: ({ item, row }) => changelogFeedItems(item, currentRendering(row.rendered, () => render(row))),
  },
});
