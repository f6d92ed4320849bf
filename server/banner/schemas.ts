import { z } from 'zod';

/** Field limits of api-v1.md section 8, in characters (code points, so an emoji counts once). */
export const BANNER_LIMITS = { headline: 80, body: 160, cta_label: 24, badge: 16, link_url: 2048 } as const;

export const DEFAULT_BADGE = 'New';

const atMost = (max: number) => (value: string) => [...value].length <= max;
const line = (max: number) => z.string().trim().refine(atMost(max), `At most ${max} characters`);

/** The public slug format of decisions.md; the banner slug (`data-service-key`) follows it. */
export const ZBannerKey = z
  .string()
  .max(128)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lowercase letters, digits and single hyphens');

export const ZHttpUrl = z
  .string()
  .trim()
  .max(BANNER_LIMITS.link_url)
  .pipe(z.url({ protocol: /^https?$/, message: 'Must be an http or https URL' }));

const ZDay = z.iso.date({ message: 'Must be a date as YYYY-MM-DD' });

export const ZBanner = z
  .object({
    slug: z.string(),
    headline: z.string(),
    body: z.string(),
    cta_label: z.string(),
    badge: z.string(),
    link_url: z.string().nullable(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    published_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    commit_count: z.int().nullable(),
  })
  .meta({ id: 'Banner' });
export type TBanner = z.infer<typeof ZBanner>;

export const ZBannerQuery = z.object({
  key: ZBannerKey.meta({ description: 'The banner slug (`data-service-key`); ignored when a token is sent' }).optional(),
});
export type TBannerQuery = z.infer<typeof ZBannerQuery>;

export const ZPublishBannerInput = z
  .object({
    headline: line(BANNER_LIMITS.headline).refine((v) => v.length > 0, 'Headline is required'),
    body: line(BANNER_LIMITS.body).refine((v) => v.length > 0, 'Body is required'),
    cta_label: line(BANNER_LIMITS.cta_label),
    badge: line(BANNER_LIMITS.badge).optional().describe('`New` when absent; an empty string shows no badge'),
    link_url: ZHttpUrl.nullish().describe('null or absent: no button'),
    period_start: ZDay.nullish(),
    period_end: ZDay.nullish(),
    commit_count: z.int().min(0).max(1_000_000_000).nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.link_url && !input.cta_label) {
      ctx.addIssue({ code: 'custom', path: ['cta_label'], message: 'A button label is required with link_url' });
    }
    if (input.period_start && input.period_end && input.period_start > input.period_end) {
      ctx.addIssue({ code: 'custom', path: ['period_end'], message: 'period_end is before period_start' });
    }
  });
export type TPublishBannerInput = z.infer<typeof ZPublishBannerInput>;

export const ZTakeDownInput = z.object({
  at: z.iso
    .datetime({ offset: true, message: 'Must be an ISO 8601 date-time' })
    .nullish()
    .describe('When serving stops; now when absent or already past'),
});
export type TTakeDownInput = z.infer<typeof ZTakeDownInput>;

export const ZBannerStatus = z.enum(['none', 'live', 'taken_down']);

/** What the dashboard and the get_banner tool show: the newest banner and where it is rendered. */
export const ZBannerState = z.object({
  slug: z.string(),
  status: ZBannerStatus,
  /** the newest publish, live or taken down; null when nothing was ever published */
  banner: ZBanner.nullable(),
  /** where the banner was seen, most viewed first: reported by visitors' browsers, so untrusted */
  pages: z.array(
    z.object({
      url: z.string(),
      host: z.string(),
      views: z.int(),
      last_seen_at: z.string(),
      /** the page's origin is one of `site_origins`: only then is it shown as a link */
      trusted: z.boolean(),
    }),
  ),
  /** the origins the project names as its own sites */
  site_origins: z.array(z.string()),
  embed_html: z.string(),
});

export const MAX_SITE_ORIGINS = 10;

/** An http(s) origin (`https://acme.com`), as the project lists its own sites. */
export const ZSiteOrigin = z
  .string()
  .trim()
  .max(300)
  .transform((value, ctx) => {
    try {
      const url = new URL(value);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password) return url.origin;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: `${value} is not an http or https origin` });
    return z.NEVER;
  });

export const ZSetSiteOriginsInput = z.object({ site_origins: z.array(ZSiteOrigin).max(MAX_SITE_ORIGINS) });
export type TBannerState = z.infer<typeof ZBannerState>;
