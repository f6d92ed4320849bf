import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { projects } from '@/db/schema';
import type { ProjectScope } from '../auth/actor';
import { publicUrls } from '../content/urls';
import { AppError } from '../errors';
import type { TGrouped } from './generate/schemas';
import { summarizeWindow } from './summary';

/** The content verbs take the app's database, not a transaction. */
export type DraftsScope = ProjectScope<Database>;

/** Drafts obey the content domain's own input rules (length limits above all), or none is saved. */
export function fitsContentRules<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, input: unknown, label: string): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_REQUEST', `The ${label} for this window would be too long; choose a shorter window`);
  return parsed.data;
}

export async function nonEmptyWindow(ctx: DraftsScope, input: { since: string; until: string; include_hidden?: boolean }): Promise<TGrouped> {
  const grouped = await summarizeWindow({ ctx, input });
  if (grouped.commit_count === 0) throw new AppError('BAD_REQUEST', `No commits recorded from ${input.since} to ${input.until}`);
  return grouped;
}

/** The banner's button leads to the project's public page, which lists its published changelogs. */
export async function siteUrl(ctx: DraftsScope): Promise<string | null> {
  const [project] = await ctx.db.select({ slug: projects.slug }).from(projects).where(eq(projects.id, ctx.projectId)).limit(1);
  return project ? publicUrls.project(project.slug) : null;
}
