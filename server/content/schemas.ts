import { z } from 'zod';
import { CONTENT_STATUSES } from '@/db/schema';
import { PUBLIC_SLUG_MAX, PUBLIC_SLUG_PATTERN } from '../projects/slug';
import { ZDayOf, ZInstant } from '../dates';


export const ZPublicSlug = z
  .string()
  .max(PUBLIC_SLUG_MAX, `A slug has at most ${PUBLIC_SLUG_MAX} characters`)
  .regex(PUBLIC_SLUG_PATTERN, 'A slug is lowercase letters, digits and single hyphens, starting and ending with a letter or digit');

export const ZSlugInput = z.object({ public_slug: ZPublicSlug });

/** `?project=<project slug>&key=<banner slug>&limit=1..100` of the public lists and `/blogs/feed`. */
export const ZPublicListInput = z.object({
  project: ZPublicSlug.optional().describe('A project slug: only that project\'s items'),
  key: ZPublicSlug.optional().describe('A banner slug (the widget\'s `data-service-key`): only the items of its project'),
  limit: z.coerce.number().int().min(1).max(100).default(50).describe('How many items, newest first (1-100, default 50)'),
});
export type TPublicListInput = z.infer<typeof ZPublicListInput>;

/** `/blogs/feed` narrows by `project` only: a feed address names its project. */
export const ZPublicFeedInput = ZPublicListInput.omit({ key: true });

export const ZContentStatus = z.enum(CONTENT_STATUSES);
export type TContentStatus = z.infer<typeof ZContentStatus>;
export const ZStatusFilter = z.object({ status: ZContentStatus.optional() });

/** Every public object opens with its id and slug and closes with its times (its own fields between). */
export const ITEM_KEYS = { id: z.uuid(), slug: z.string() };
export const ITEM_TIMES = { published_at: z.string(), created_at: z.string() };

/** What authors see beside the public fields of any item, drafts included (slug null until first publish). */
export const MANAGED_FIELDS = {
  slug: z.string().nullable(),
  status: ZContentStatus,
  published_at: z.string().nullable(),
  updated_at: z.string(),
  public_url: z.string().nullable(),
  /** a scheduled publish of this draft (publish_content with publish_at); null when none */
  publish_at: z.string().nullable(),
  /** the mailing list whose release email follows that publish */
  publish_email_list_id: z.string().nullable(),
};

export const CONTENT_KINDS = ['changelog', 'blog_post', 'kb_set'] as const;
export const ZContentKind = z.enum(CONTENT_KINDS);
export type TContentKind = z.infer<typeof ZContentKind>;

/** An item as its authors see it: the public object, `kind`, the kind's extras, then MANAGED_FIELDS. */
export function managedObject<S extends z.ZodRawShape, K extends TContentKind, E extends z.ZodRawShape = Record<never, never>>(
  publicObject: z.ZodObject<S>,
  kind: K,
  extras?: E,
) {
  return publicObject.extend({ kind: z.literal(kind), ...(extras as E), ...MANAGED_FIELDS });
}

export const ZIdInput = z.object({ id: z.uuid() });
export const ZKindIdInput = z.object({ kind: ZContentKind, id: z.uuid() });

/** publish_content: now, or at `publish_at`; `email_list_id` queues the release email right after. */
export const ZPublishInput = ZKindIdInput.extend({
  publish_at: ZInstant.optional()
    .describe('ISO 8601 time in the future: the draft is published then, by the server, instead of now'),
  email_list_id: z
    .uuid()
    .optional()
    .describe('A mailing list of the project: its release email is queued right after the publish (changelogs and blog posts only)'),
});
export type TPublishInput = z.infer<typeof ZPublishInput>;

/** A period bound: a date (YYYY-MM-DD) or a full ISO 8601 time, of which the date is kept. */
export const ZPeriodDate = ZDayOf;

/** YYYY-MM-DD of an accepted period bound. */
export function toDate(value: string): string {
  return value.slice(0, 10);
}

/** A save input whose two period bounds, when both sent, are in order. */
export function withPeriodsInOrder<T extends z.ZodType<{ period_start?: string | null; period_end?: string | null }>>(input: T): T {
  return input.refine((v) => !v.period_start || !v.period_end || toDate(v.period_start) <= toDate(v.period_end), {
    message: 'period_end is before period_start',
    path: ['period_end'],
  });
}

/** A feed procedure's answer: the RSS document its route handler serves as application/xml. */
export const ZFeed = z.object({ xml: z.string() });
export type TFeed = z.infer<typeof ZFeed>;

/** A markdown twin or a project's llms.txt: the text its route serves as is. */
export const ZMarkdownDocument = z.object({ markdown: z.string() });
export type TMarkdownDocument = z.infer<typeof ZMarkdownDocument>;

/** The project a public page belongs to. */
export const ZPublicProject = z.object({ name: z.string(), slug: z.string(), url: z.string() });
export type TPublicProject = z.infer<typeof ZPublicProject>;

/** What the public page of a markdown item shows beside its object: a summary for link previews, the body, its feed. */
export const RENDERED_PAGE_FIELDS = { description: z.string(), html: z.string(), feed_url: z.string() };
