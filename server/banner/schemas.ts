import { z } from 'zod';
import { ZDay, ZInstant } from '../dates';

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

const BANNER_FIELDS = ['headline', 'body', 'cta_label', 'badge', 'link_url', 'period_start', 'period_end', 'commit_count'] as const;

/** A new banner, or (`republish_id` alone) an earlier one published again as the live banner. */
export const ZPublishBannerInput = z
  .object({
    republish_id: z.uuid({ message: 'Must be a banner id (UUID)' }).optional().describe('Publish an earlier banner of the project again (its id from the history); no other field then'),
    headline: line(BANNER_LIMITS.headline).optional().describe('Required unless republish_id is given'),
    body: line(BANNER_LIMITS.body).optional().describe('Required unless republish_id is given'),
    cta_label: line(BANNER_LIMITS.cta_label).optional().describe('Required unless republish_id is given; may be empty without link_url'),
    badge: line(BANNER_LIMITS.badge).optional().describe('`New` when absent; an empty string shows no badge'),
    link_url: ZHttpUrl.nullish().describe('null or absent: no button'),
    period_start: ZDay.nullish(),
    period_end: ZDay.nullish(),
    commit_count: z.int().min(0).max(1_000_000_000).nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.republish_id !== undefined) {
      for (const field of BANNER_FIELDS) {
        if (input[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'Not allowed with republish_id' });
      }
      return;
    }
    if (!input.headline) ctx.addIssue({ code: 'custom', path: ['headline'], message: 'Headline is required' });
    if (!input.body) ctx.addIssue({ code: 'custom', path: ['body'], message: 'Body is required' });
    if (input.cta_label === undefined) ctx.addIssue({ code: 'custom', path: ['cta_label'], message: 'cta_label is required' });
    if (input.link_url && !input.cta_label) {
      ctx.addIssue({ code: 'custom', path: ['cta_label'], message: 'A button label is required with link_url' });
    }
    if (input.period_start && input.period_end && input.period_start > input.period_end) {
      ctx.addIssue({ code: 'custom', path: ['period_end'], message: 'period_end is before period_start' });
    }
  });
export type TPublishBannerInput = z.infer<typeof ZPublishBannerInput>;

export const ZTakeDownInput = z.object({
  at: ZInstant.nullish()
    .describe('When serving stops; now when absent or already past'),
});
export type TTakeDownInput = z.infer<typeof ZTakeDownInput>;

export const ZBannerStatus = z.enum(['none', 'live', 'taken_down']);

/** Who published a banner: a person in the dashboard, an API key, or an agent (its OAuth client). */
export const ZBannerPublisher = z.object({
  kind: z.enum(['person', 'api_key', 'agent', 'unknown']).describe('`unknown` for banners published before this was recorded'),
  /** the key's or the agent's name, the person's name; null when it was deleted since */
  name: z.string().nullable(),
  /** the person behind the key or agent (their name, else email); null when unknown */
  person: z.string().nullable(),
});
export type TBannerPublisher = z.infer<typeof ZBannerPublisher>;

/** One published banner of the history, with its reach (the widget's reports) over every page. */
export const ZBannerHistoryEntry = z
  .object({
    id: z.uuid(),
    banner: ZBanner,
    live: z.boolean(),
    published_by: ZBannerPublisher,
    republished_from_id: z.uuid().nullable(),
    impressions: z.int(),
    clicks: z.int(),
  })
  .meta({ id: 'BannerHistoryEntry' });
export type TBannerHistoryEntry = z.infer<typeof ZBannerHistoryEntry>;

/** Reach of one banner on one page. Page URLs are reported by browsers: `trusted` says whether to link it. */
export const ZBannerReachPage = z.object({
  url: z.string(),
  host: z.string(),
  trusted: z.boolean().describe("the page's origin is one of the project's sites: only then is it shown as a link"),
  impressions: z.int(),
  clicks: z.int(),
  last_seen_at: z.string(),
});
export type TBannerReachPage = z.infer<typeof ZBannerReachPage>;

export const ZBannerHistory = z.object({ items: z.array(ZBannerHistoryEntry) }).meta({ id: 'BannerHistory' });
export const ZBannerReach = ZBannerHistoryEntry.extend({ pages: z.array(ZBannerReachPage) }).meta({ id: 'BannerReach' });
export type TBannerReach = z.infer<typeof ZBannerReach>;

export const MAX_HISTORY = 100;
export const ZBannerHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_HISTORY).default(20).describe('How many banners, newest first (1-100, default 20)'),
});
export const ZBannerIdInput = z.object({ banner_id: z.uuid({ message: 'Must be a banner id (UUID)' }) });

/** What the widget reports: a view (once per browser per `published_at`) or a click on the button. */
export const ZBannerEventInput = z.object({
  key: ZBannerKey.optional().describe('The banner slug (`data-service-key`); the operator\'s banner when absent'),
  published_at: ZInstant.describe("The shown banner's `published_at`"),
  type: z.enum(['view', 'click']),
  page_url: z.string().max(2048).describe('The page (http or https URL); query and fragment are dropped; anything else is ignored'),
});
export type TBannerEventInput = z.infer<typeof ZBannerEventInput>;
export const ZBannerEventResult = z.object({
  counted: z.boolean().describe('false when the event names no live banner or no http(s) page: ignored, never an error'),
});

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
  /** the newest published banners with who published them and their impressions and clicks */
  history: z.array(ZBannerHistoryEntry),
  /** the newest banner's reach per page (most impressions first); empty when nothing was published */
  reach_pages: z.array(ZBannerReachPage),
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
