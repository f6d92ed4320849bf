import { z } from 'zod';
import { MARKDOWN_DEPTH_ERROR, withinMarkdownLimits } from '../../markdown/limits';
import { CONTENT_LIMITS } from '../limits';
import { ITEM_KEYS, ITEM_TIMES, managedObject, ZPublicProject } from '../schemas';

const ZHttpUrl = z.url({ protocol: /^https?$/, error: 'Must be an http or https URL' }).max(2000);

/** Where a mirrored article lives in the external help center. */
export const ZArticleSource = z.object({
  provider: z.string().trim().min(1).max(50),
  article_id: z.string().trim().min(1).max(200),
  url: ZHttpUrl,
  updated_at: z.iso.datetime({ offset: true }),
});

export const ZKbArticle = z.object({
  category: z.string().trim().min(1, 'Category is required').max(CONTENT_LIMITS.category),
  title: z.string().trim().min(1, 'Title is required').max(CONTENT_LIMITS.title),
  body: z.string().max(20_000).refine(withinMarkdownLimits, { error: MARKDOWN_DEPTH_ERROR }).describe('Markdown'),
  source: ZArticleSource.optional(),
});
export type TKbArticle = z.infer<typeof ZKbArticle>;

/** The public Knowledge-base article set (api-v1.md section 2); mirrored sets add source_url and synced_at. */
export const ZKbSet = z
  .object({
    ...ITEM_KEYS,
    content: z.string().describe('JSON: {"articles": [{category, title, body, source?}]}'),
    ...ITEM_TIMES,
    source: z.string().nullable().describe('The help-center provider of a mirrored set; null for sets authored here'),
    source_url: z.string().optional(),
    synced_at: z.string().optional(),
  })
  .meta({ id: 'KnowledgeBaseSet' });
export type TKbSet = z.infer<typeof ZKbSet>;

/** A set as its authors see it, drafts included. */
export const ZManagedKbSet = managedObject(ZKbSet, 'kb_set', { title: z.string() });
export type TManagedKbSet = z.infer<typeof ZManagedKbSet>;

/** save_kb_set: create without `id`; `articles` replaces the set's articles, other fields change only when sent. */
export const ZSaveKbSetInput = z.object({
  id: z.uuid().optional(),
  title: z.string().trim().min(1).max(CONTENT_LIMITS.title).optional().describe('Shown on the public page; "Help center" when absent'),
  articles: z.array(ZKbArticle).max(200, 'At most 200 articles per set'),
  source: z.string().trim().min(1).max(50).nullish(),
  source_url: ZHttpUrl.nullish(),
  synced_at: z.iso.datetime({ offset: true }).nullish(),
});
export type TSaveKbSetInput = z.infer<typeof ZSaveKbSetInput>;

/** The public page of a set: articles grouped by category, rendered and with plain text for search. */
export const ZKbSetPage = z.object({
  project: ZPublicProject,
  set: ZKbSet,
  title: z.string(),
  categories: z.array(
    z.object({
      name: z.string(),
      articles: z.array(z.object({ anchor: z.string(), title: z.string(), html: z.string(), text: z.string(), source_url: z.string().nullable() })),
    }),
  ),
});
export type TKbSetPage = z.infer<typeof ZKbSetPage>;
