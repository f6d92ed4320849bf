import type { KbArticleRecord } from '@/db/schema';
import { renderMarkdown } from '../../markdown/render';
import { markdownToText } from '../../markdown/text';
import { slugify } from '../../projects/slug';
import type { TKbSetPage } from './schemas';

/** Articles grouped by category in the order categories first appear, each with a unique anchor. */
export function groupArticles(articles: KbArticleRecord[]): TKbSetPage['categories'] {
  const categories = new Map<string, TKbSetPage['categories'][number]>();
  const anchors = new Set<string>();
  for (const article of articles) {
    let anchor = slugify(article.title, 60);
    for (let n = 2; anchors.has(anchor); n++) anchor = `${slugify(article.title, 60)}-${n}`;
    anchors.add(anchor);
    const category = categories.get(article.category) ?? { name: article.category, articles: [] };
    categories.set(article.category, category);
    category.articles.push({
      anchor,
      title: article.title,
      html: renderMarkdown(article.body),
      text: markdownToText(article.body),
      source_url: article.source?.url ?? null,
    });
  }
  return [...categories.values()];
}
