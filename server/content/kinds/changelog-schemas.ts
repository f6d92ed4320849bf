import { z } from 'zod';
import { MARKDOWN_DEPTH_ERROR, withinMarkdownLimits } from '../../markdown/limits';
import { CONTENT_LIMITS } from '../limits';
import { ITEM_KEYS, ITEM_TIMES, managedObject, RENDERED_PAGE_FIELDS, withPeriodsInOrder, ZPeriodDate, ZPublicProject } from '../schemas';

/** The public changelog object (decisions.md "Public content"). */
export const ZChangelog = z
  .object({
    ...ITEM_KEYS,
    title: z.string(),
    version: z.string().nullable(),
    content: z.string().describe('Markdown'),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    commit_count: z.number().int().nullable(),
    ...ITEM_TIMES,
  })
  .meta({ id: 'Changelog' });
export type TChangelog = z.infer<typeof ZChangelog>;

/** A changelog as its authors see it, drafts included. */
export const ZManagedChangelog = managedObject(ZChangelog, 'changelog');
export type TManagedChangelog = z.infer<typeof ZManagedChangelog>;

/** save_changelog: create without `id`; with `id`, optional fields change only when sent (null clears). */
export const ZSaveChangelogInput = withPeriodsInOrder(
  z.object({
    id: z.uuid().optional(),
    title: z.string().trim().min(1, 'Title is required').max(CONTENT_LIMITS.title),
    version: z.string().trim().max(CONTENT_LIMITS.version).nullish(),
    content: z.string().max(100_000).refine(withinMarkdownLimits, { error: MARKDOWN_DEPTH_ERROR }),
    period_start: ZPeriodDate.nullish(),
    period_end: ZPeriodDate.nullish(),
    commit_count: z.number().int().min(0).max(1_000_000).nullish(),
  }),
);
export type TSaveChangelogInput = z.infer<typeof ZSaveChangelogInput>;

/** What the public page of a changelog shows. */
export const ZChangelogPage = z.object({ project: ZPublicProject, changelog: ZChangelog, ...RENDERED_PAGE_FIELDS });
export type TChangelogPage = z.infer<typeof ZChangelogPage>;
