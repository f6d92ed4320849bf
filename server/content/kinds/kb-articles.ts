import type { KbArticleRecord, RenderedKbSet } from '@/db/schema';
import { renderMarkdown } from '../../markdown/render';
import { markdownToText } from '../../markdown/text';
import { AnchorNames } from '../internal';
import { asBlock, oneLine } from '../markdown-doc';
import type { TKbArticle, TKbSetPage } from './kb-set-schemas';

/** The `content` string: the articles as JSON, each with its `source` only when mirrored. */
export function kbContent(articles: KbArticleRecord[]): string {
  // jsonb stores keys in its own order: write them back in the documented one
  const ordered = articles.map(({ category, title, body, source }) => ({
    category,
    title,
    body,
    ...(source && { source: { provider: source.provider, article_id: source.article_id, url: source.url, updated_at: source.updated_at } }),
  }));
  return JSON.stringify({ articles: ordered });
}

/** What is stored of a saved article: its source only when it is mirrored. */
export function toArticleRecord(article: TKbArticle): KbArticleRecord {
  return { category: article.category, title: article.title, body: article.body, ...(article.source && { source: article.source }) };
}

/** Each article's sanitized HTML and plain text, in order: rendered once, at save. */
export function renderArticles(articles: Pick<KbArticleRecord, 'body'>[]): RenderedKbSet {
  return { articles: articles.map(({ body }) => ({ html: renderMarkdown(body), text: markdownToText(body) })) };
}

/** Articles grouped by category in the order categories first appear, each with a unique anchor. */
export function groupArticles(articles: KbArticleRecord[], rendered: RenderedKbSet): TKbSetPage['categories'] {
  const categories = new Map<string, TKbSetPage['categories'][number]>();
  const anchors = new AnchorNames();
  for (const [index, article] of articles.entries()) {
    const category = categories.get(article.category) ?? { name: article.category, articles: [] };
    categories.set(article.category, category);
    category.articles.push({
      anchor: anchors.name(article.title, 60),
      title: article.title,
      html: rendered.articles[index]!.html,
      text: rendered.articles[index]!.text,
      source_url: article.source?.url ?? null,
    });
  }
  return [...categories.values()];
}

/** A set as one markdown document: its title, each category a `## ` section, each article a `### ` with its body as written. */
export function kbMarkdown(title: string, articles: KbArticleRecord[]): string {
  const categories = new Map<string, KbArticleRecord[]>();
  for (const article of articles) categories.set(article.category, [...(categories.get(article.category) ?? []), article]);
  const blocks = [`# ${oneLine(title)}\n`];
  for (const [category, inCategory] of categories) {
    blocks.push(`## ${oneLine(category)}\n`);
    for (const article of inCategory) {
      blocks.push(`### ${oneLine(article.title)}\n`);
      if (article.body) blocks.push(asBlock(article.body));
    }
  }
  return blocks.join('\n');
}
