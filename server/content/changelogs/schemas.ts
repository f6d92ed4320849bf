import { z } from 'zod';
import { CONTENT_LIMITS } from '../limits';
import { MANAGED_FIELDS, ZPeriodDate, ZPublicProject } from '../schemas';

/** The public changelog object (decisions.md "Public content"). */
export const ZChangelog = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    version: z.string().nullable(),
    content: z.string().describe('Markdown'),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    commit_count: z.number().int().nullable(),
    published_at: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Changelog' });
export type TChangelog = z.infer<typeof ZChangelog>;

/** A changelog as its authors see it, drafts included. */
export const ZManagedChangelog = ZChangelog.extend({
  kind: z.literal('changelog'),
  ...MANAGED_FIELDS,
});
export type TManagedChangelog = z.infer<typeof ZManagedChangelog>;

/** save_changelog: create without `id`; with `id`, optional fields change only when sent (null clears). */
export const ZSaveChangelogInput = z
  .object({
    id: z.uuid().optional(),
    title: z.string().trim().min(1, 'Title is required').max(CONTENT_LIMITS.title),
    version: z.string().trim().max(CONTENT_LIMITS.version).nullish(),
    content: z.string().max(100_000),
    period_start: ZPeriodDate.nullish(),
    period_end: ZPeriodDate.nullish(),
    commit_count: z.number().int().min(0).max(1_000_000).nullish(),
  })
  .refine((v) => !v.period_start || !v.period_end || v.period_start.slice(0, 10) <= v.period_end.slice(0, 10), {
    message: 'period_end is before period_start',
    path: ['period_end'],
  });
export type TSaveChangelogInput = z.infer<typeof ZSaveChangelogInput>;

/** What the public page of a changelog shows. */
export const ZChangelogPage = z.object({
  project: ZPublicProject,
  changelog: ZChangelog,
  /** a plain-text summary for search engines and link previews */
  description: z.string(),
  html: z.string(),
  feed_url: z.string(),
});
export type TChangelogPage = z.infer<typeof ZChangelogPage>;
