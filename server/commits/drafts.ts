import { ZSaveBlogPostInput } from '../content/kinds/blog-post-schemas';
import { ZSaveChangelogInput } from '../content/kinds/changelog-schemas';
import { changelogOfPeriod } from '../content/period';
import { BLOG_POST, CHANGELOG, KB_SET } from '../content/kinds';
import { saveItem } from '../content/save';
import { renderMarkdown } from '../markdown/render';
import { fitsContentRules, nonEmptyWindow, siteUrl, type DraftsScope } from './draft-rules';
import { renderBanner } from './generate/banner';
import { renderBlogPost } from './generate/blog-post';
import { renderChangelog } from './generate/changelog';
import { renderKbSet } from './generate/kb-set';
import type { TGrouped } from './generate/schemas';
import { kbSetInput } from './kb-draft';
import type { TGenerateChangelogInput, TGenerateDraftsInput, TWindowInput } from './schemas';
import { summarizeWindow } from './summary';

/**
 * Every draft of a window rendered, nothing written: the dashboard's preview, with the changelog saved
 * from the same commits before (generated or not), if any, so a second set is made only on purpose.
 */
export async function previewDrafts({ ctx, input }: { ctx: DraftsScope; input: TWindowInput }) {
  const grouped = await summarizeWindow({ ctx, input });
  const { changelog, blog_post, banner } = render(grouped, await siteUrl(ctx));
  const period = { start: grouped.period_start, end: grouped.period_end };
  return {
    summary: grouped,
    changelog: { ...changelog, html: renderMarkdown(changelog.content) },
    blog_post: { ...blog_post, html: renderMarkdown(blog_post.content) },
    kb_set: renderKbSet(grouped),
    banner,
    saved_changelog: grouped.commit_count === 0 ? null : await changelogOfPeriod(ctx.db, ctx.projectId, period),
  };
}

/**
 * generate_changelog: a changelog draft from the window, saved through the content domain; with
 * `include_kb_set` also a knowledge-base set draft from the same commits (both checked before either is saved).
 */
export async function generateChangelog({ ctx, input }: { ctx: DraftsScope; input: TGenerateChangelogInput }) {
  const grouped = await nonEmptyWindow(ctx, input);
  const changelogDraft = changelogInput(grouped, renderChangelog(grouped));
  const kbDraft = input.include_kb_set ? kbSetInput(grouped) : null;
  const changelog = await saveItem(CHANGELOG, { ctx, input: changelogDraft });
  return kbDraft ? { ...changelog, kb_set: await saveItem(KB_SET, { ctx, input: kbDraft }) } : changelog;
}

/**
 * The dashboard's "Generate drafts": changelog and blog post drafts (and the knowledge-base set when
 * asked) saved through the content domain, and a banner proposal to review and publish through the
 * banner domain (banners have no drafts).
 */
export async function generateDrafts({ ctx, input }: { ctx: DraftsScope; input: TGenerateDraftsInput }) {
  const grouped = await nonEmptyWindow(ctx, input);
  const { changelog, blog_post, banner } = render(grouped, await siteUrl(ctx));
  const changelogDraft = changelogInput(grouped, changelog);
  const postDraft = fitsContentRules(ZSaveBlogPostInput, { content: blog_post.content, period_start: grouped.period_start, period_end: grouped.period_end }, 'blog post');
  const kbDraft = input.kb_set ? kbSetInput(grouped) : null;
  const savedChangelog = await saveItem(CHANGELOG, { ctx, input: changelogDraft });
  const savedPost = await saveItem(BLOG_POST, { ctx, input: postDraft });
  const savedKbSet = kbDraft ? await saveItem(KB_SET, { ctx, input: kbDraft }) : null;
  return { summary: grouped, changelog: savedChangelog, blog_post: savedPost, kb_set: savedKbSet, banner };
}

function render(grouped: TGrouped, linkUrl: string | null = null) {
  return { changelog: renderChangelog(grouped), blog_post: renderBlogPost(grouped), banner: renderBanner(grouped, { linkUrl }) };
}

function changelogInput(grouped: TGrouped, draft: { title: string; content: string }) {
  const input = { ...draft, period_start: grouped.period_start, period_end: grouped.period_end, commit_count: grouped.commit_count };
  return fitsContentRules(ZSaveChangelogInput, input, 'changelog');
}
