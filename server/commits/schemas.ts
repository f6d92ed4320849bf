import { z } from 'zod';
import { ZManagedChangelog } from '../content/kinds/changelog-schemas';
import { ZManagedKbSet } from '../content/kinds/kb-set-schemas';
import { ZDay, ZInstant } from '../dates';

export const COMMITS_PER_PUSH = 1000;
export const MESSAGE_MAX = 65_536;

const ZSha = z
  .string()
  .regex(/^[0-9a-fA-F]{7,64}$/, 'A SHA is 7 to 64 hexadecimal characters')
  .transform((sha) => sha.toLowerCase());


// PostgreSQL text cannot hold NUL characters: refuse them as invalid input rather than fail on insert
const noNul = (text: string) => !text.includes('\u0000');
const ZText = (max: number) => z.string().max(max).refine(noNul, 'Must not contain NUL characters');

/** One commit of `POST /commits` (decisions.md "Commits"). */
export const ZCommitInput = z.object({
  sha: ZSha,
  message: ZText(MESSAGE_MAX).refine((m) => m.length > 0, 'Message is required'),
  author_name: ZText(200).nullish(),
  author_email: ZText(320).nullish(),
  authored_at: ZInstant,
  url: z.url({ protocol: /^https?$/, message: 'Must be an http or https URL' }).max(2048).nullish(),
});
export type TCommitInput = z.infer<typeof ZCommitInput>;

export const ZPushCommitsInput = z.object({
  commits: z.array(ZCommitInput).min(1, 'At least one commit').max(COMMITS_PER_PUSH, `At most ${COMMITS_PER_PUSH} commits`),
});
export type TPushCommitsInput = z.infer<typeof ZPushCommitsInput>;

export const ZPushResult = z
  .object({
    received: z.int().describe('Entries in the request'),
    added: z.int().describe('Commits recorded now'),
    duplicates: z.int().describe('Entries whose SHA the project already had, or that repeat one of this request'),
  })
  .meta({ id: 'CommitsPushResult' });
export type TPushResult = z.infer<typeof ZPushResult>;

/** A recorded commit as `list_commits` returns it; unset optional fields are omitted. */
export const ZCommit = z
  .object({
    sha: z.string(),
    message: z.string(),
    author_name: z.string().optional(),
    authored_at: z.string(),
    url: z.string().optional(),
  })
  .meta({ id: 'Commit' });
export type TCommit = z.infer<typeof ZCommit>;

export const ZListCommitsInput = z
  .object({
    since: ZDay.optional().describe('First day of the window (UTC), inclusive'),
    until: ZDay.optional().describe('Last day of the window (UTC), inclusive'),
    limit: z.coerce.number().int().min(1).max(1000).default(100).describe('How many commits, newest first (1-1000, default 100)'),
  })
  .refine((w) => !w.since || !w.until || w.since <= w.until, { message: 'until is before since', path: ['until'] });
export type TListCommitsInput = z.infer<typeof ZListCommitsInput>;

export const ZCommitList = z.object({ items: z.array(ZCommit) });

const dayWindow = {
  since: ZDay.describe('First day of the window (UTC), inclusive'),
  until: ZDay.describe('Last day of the window (UTC), inclusive'),
};
const includeHidden = { include_hidden: z.boolean().optional().describe('Also list chores, CI, tests, build and style commits') };
const ordered = <T extends z.ZodType<{ since: string; until: string }>>(schema: T) =>
  schema.refine((w) => w.since <= w.until, { message: 'until is before since', path: ['until'] });

/** A closed window of whole days, both required: what drafts are generated from. */
export const ZWindowInput = ordered(z.object({ ...dayWindow, ...includeHidden }));
export type TWindowInput = z.infer<typeof ZWindowInput>;

/** The window alone: knowledge-base articles come from features and breaking changes, never hidden types. */
export const ZDayWindowInput = ordered(z.object(dayWindow));
export type TDayWindowInput = z.infer<typeof ZDayWindowInput>;

/** generate_changelog: the window, and optionally a knowledge-base set drafted from the same commits. */
export const ZGenerateChangelogInput = ordered(
  z.object({
    ...dayWindow,
    ...includeHidden,
    include_kb_set: z
      .boolean()
      .optional()
      .describe('Also save a draft knowledge-base set (one article per feature or breaking change), returned as kb_set'),
  }),
);
export type TGenerateChangelogInput = z.infer<typeof ZGenerateChangelogInput>;

/** The dashboard's "Generate drafts": changelog and blog post, and the knowledge-base set when asked. */
export const ZGenerateDraftsInput = ordered(z.object({ ...dayWindow, ...includeHidden, kb_set: z.boolean().optional() }));
export type TGenerateDraftsInput = z.infer<typeof ZGenerateDraftsInput>;

/** The project's commit sources as the dashboard shows them; the webhook secret itself is never read back. */
export const ZCommitSettings = z.object({
  repository_url: z.string().nullable(),
  webhook: z.object({
    payload_url: z.string(),
    configured: z.boolean(),
    secret_created_at: z.string().nullable(),
  }),
});
export type TCommitSettings = z.infer<typeof ZCommitSettings>;

export const ZSetRepositoryInput = z.object({
  repository_url: z
    .string()
    .trim()
    .max(2048)
    .pipe(z.url({ protocol: /^https?$/, message: 'Must be an http or https URL' }))
    .nullable()
    .describe('The web address of the repository (https://github.com/owner/name); null forgets it'),
});

export const ZWebhookSecret = z.object({ secret: z.string(), payload_url: z.string(), secret_created_at: z.string() });

export const ZBannerProposal = z.object({
  headline: z.string(),
  body: z.string(),
  cta_label: z.string(),
  badge: z.string(),
  link_url: z.string().nullable(),
  period_start: z.string(),
  period_end: z.string(),
  commit_count: z.int(),
});

export const ZDraftText = z.object({ title: z.string(), content: z.string() });

/** A knowledge-base set as generated, before it is saved: what the dashboard previews. */
export const ZKbSetDraft = z.object({
  title: z.string(),
  articles: z.array(z.object({ category: z.string(), title: z.string(), body: z.string() })),
});

/** generate_changelog's result: the changelog as ever; `kb_set` only when include_kb_set asked for it. */
export const ZGeneratedChangelog = ZManagedChangelog.extend({
  kb_set: ZManagedKbSet.optional().describe('The knowledge-base set draft, with include_kb_set'),
});
