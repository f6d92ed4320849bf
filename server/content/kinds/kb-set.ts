import { kbSets } from '@/db/schema';
import { defineKind } from '../kind';
import { groupArticles, kbContent, kbMarkdown, renderArticles, toArticleRecord } from './kb-articles';
import { ZKbSet, ZKbSetPage, ZManagedKbSet, ZSaveKbSetInput } from './kb-set-schemas';
import { currentRendering } from '../rendered';

type Row = typeof kbSets.$inferSelect;
const PATH = 'kb';
const DEFAULT_TITLE = 'Help center';

// a set mirrored from a help center names it; source_url and synced_at are absent, not null, otherwise
function mirror(row: Row) {
  return row.source
    ? { source: row.source, ...(row.sourceUrl && { source_url: row.sourceUrl }), ...(row.syncedAt && { synced_at: row.syncedAt.toISOString() }) }
    : { source: null };
}

function fields(row: Row) {
  return { id: row.id, content: kbContent(row.articles), created_at: row.createdAt.toISOString(), ...mirror(row) };
}

/** Knowledge-base sets: articles (category, title, markdown body), authored here or mirrored. */
export const KB_SET = defineKind({
  kind: 'kb_set',
  label: 'Knowledge-base set',
  noun: 'knowledge-base article set',
  path: PATH,
  table: kbSets,
  schemas: { public: ZKbSet, managed: ZManagedKbSet, save: ZSaveKbSetInput, page: ZKbSetPage },
  fields,
  title: (row) => row.title,
  createDefaults: () => ({ title: DEFAULT_TITLE }),
  // `articles` replaces the set's articles; the other fields change only when sent
  saveValues: (input) => ({
    articles: input.articles.map(toArticleRecord),
    ...(input.title !== undefined && { title: input.title }),
    ...(input.source !== undefined && { source: input.source }),
    ...(input.source_url !== undefined && { sourceUrl: input.source_url }),
    ...(input.synced_at !== undefined && { syncedAt: input.synced_at ? new Date(input.synced_at) : null }),
  }),
  render: ({ articles = [] }) => renderArticles(articles),
  markdown: ({ row }) => kbMarkdown(row.title, row.articles),
  page: ({ item, row, project }) => ({ project, set: item, title: row.title, categories: groupArticles(row.articles, currentRendering(row.rendered, () => renderArticles(row.articles))) }),
});
