import { z } from 'zod';

const ZRef = z.object({ number: z.int(), url: z.string().nullable() });

/** One listed change: a commit read as a conventional commit. */
export const ZDraftItem = z.object({
  sha: z.string(),
  type: z.string(),
  scope: z.string().nullable(),
  text: z.string(),
  breaking: z.boolean(),
  breaking_note: z.string().nullable(),
  /** the commit body's text before its footers: what a knowledge-base article starts from */
  description: z.string().nullable(),
  pull_request: ZRef.nullable(),
  issues: z.array(ZRef),
  commit_url: z.string().nullable(),
  author_name: z.string().nullable(),
});
export type TDraftItem = z.infer<typeof ZDraftItem>;

export const ZDraftSection = z.object({ key: z.string(), title: z.string(), items: z.array(ZDraftItem) });
export type TDraftSection = z.infer<typeof ZDraftSection>;

export const ZTypeCount = z.object({ type: z.string(), label: z.string(), count: z.int(), hidden: z.boolean() });

/** A window's commits grouped into sections: what every draft is rendered from. */
export const ZGrouped = z.object({
  period_start: z.string(),
  period_end: z.string(),
  commit_count: z.int(),
  counts: z.array(ZTypeCount),
  breaking_count: z.int(),
  sections: z.array(ZDraftSection),
  /** commits of hidden types left out of `sections` */
  hidden_count: z.int(),
  /** commits left out because a revert in the same window undid them (both sides counted) */
  reverted_count: z.int(),
  authors: z.array(z.string()),
  repository_url: z.string().nullable(),
});
export type TGrouped = z.infer<typeof ZGrouped>;

/** A commit as the generator reads it. */
export interface SourceCommit {
  sha: string;
  message: string;
  author_name: string | null;
  authored_at: string;
  url: string | null;
}
