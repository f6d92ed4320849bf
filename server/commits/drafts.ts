import type { ProjectScope } from '../auth/actor';
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { projects } from '@/db/schema';
import { ZSaveBlogPostInput } from '../content/kinds/blog-post-schemas';
import { ZSaveChangelogInput } from '../content/kinds/changelog-schemas';
import { BLOG_POST, CHANGELOG } from '../content/kinds';
import { saveItem } from '../content/save';
import { AppError } from '../errors';
import { publicUrls } from '../content/urls';
import { renderMarkdown } from '../markdown/render';
import { renderBanner } from './generate/banner';
import { renderBlogPost } from './generate/blog-post';
import { renderChangelog } from './generate/changelog';
import type { TGrouped } from './generate/schemas';
import type { TWindowInput } from './schemas';
import { summarizeWindow } from './summary';

/** The content verbs take the app's database, not a transaction. */
type DraftsScope = ProjectScope<Database>;

/** Every draft of a window rendered, nothing written: the dashboard's preview. */
export async function previewDrafts({ ctx, input }: { ctx: DraftsScope; input: TWindowInput }) {
  const grouped = await summarizeWindow({ ctx, input });
  const { changelog, blog_post, banner } = render(grouped, await siteUrl(ctx));
  return {
    summary: grouped,
    changelog: { ...changelog, html: renderMarkdown(changelog.content) },
    blog_post: { ...blog_post, html: renderMarkdown(blog_post.content) },
    banner,
  };
}

/** generate_changelog: a changelog draft from the window, saved through the content domain. */
export async function generateChangelog({ ctx, input }: { ctx: DraftsScope; input: TWindowInput }) {
  const grouped = await nonEmptyWindow(ctx, input);
  return saveItem(CHANGELOG, { ctx, input: changelogInput(grouped, renderChangelog(grouped)) });
}

/**
 * The dashboard's "Generate drafts": changelog and blog post drafts saved through the content domain,
 * and a banner proposal to review and publish through the banner domain (banners have no drafts).
 */
export async function generateDrafts({ ctx, input }: { ctx: DraftsScope; input: TWindowInput }) {
  const grouped = await nonEmptyWindow(ctx, input);
  const { changelog, blog_post, banner } = render(grouped, await siteUrl(ctx));
  const changelogDraft = changelogInput(grouped, changelog);
  const postDraft = fitsContentRules(ZSaveBlogPostInput, { content: blog_post.content, period_start: grouped.period_start, period_end: grouped.period_end }, 'blog post');
  const savedChangelog = await saveItem(CHANGELOG, { ctx, input: changelogDraft });
  const savedPost = await saveItem(BLOG_POST, { ctx, input: postDraft });
  return { summary: grouped, changelog: savedChangelog, blog_post: savedPost, banner };
}

function render(grouped: TGrouped, linkUrl: string | null = null) {
  return { changelog: renderChangelog(grouped), blog_post: renderBlogPost(grouped), banner: renderBanner(grouped, { linkUrl }) };
}

/** The banner's button leads to the project's public page, which lists its published changelogs. */
async function siteUrl(ctx: DraftsScope): Promise<string | null> {
  const [project] = await ctx.db.select({ slug: projects.slug }).from(projects).where(eq(projects.id, ctx.projectId)).limit(1);
  return project ? publicUrls.project(project.slug) : null;
}

function changelogInput(grouped: TGrouped, draft: { title: string; content: string }) {
  const input = { ...draft, period_start: grouped.period_start, period_end: grouped.period_end, commit_count: grouped.commit_count };
  return fitsContentRules(ZSaveChangelogInput, input, 'changelog');
}

/** Drafts obey the content domain's own input rules (length limits above all), or none is saved. */
function fitsContentRules<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, input: unknown, label: string): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError('BAD_REQUEST', `The ${label} for this window would be too long; choose a shorter window`);
  return parsed.data;
}

async function nonEmptyWindow(ctx: DraftsScope, input: TWindowInput): Promise<TGrouped> {
  const grouped = await summarizeWindow({ ctx, input });
  if (grouped.commit_count === 0) throw new AppError('BAD_REQUEST', `No commits recorded from ${input.since} to ${input.until}`);
  return grouped;
}
