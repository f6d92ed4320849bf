import { z } from 'zod';
import { renderMarkdown } from '../markdown/render';
import { projectProcedure, publicProcedure, router, userProcedure } from '../trpc';
import { BLOG_POST, CHANGELOG, KB_SET, KINDS, ZManagedContent, type TManagedContent } from './kinds';
import type { AnyContentKind } from './kind';
import {
  authoringRouter,
  itemFeedProcedure,
  listFeedProcedure,
  markdownProcedure,
  pageProcedure,
  publishedItemProcedure,
  publishedListProcedure,
} from './procedures';
import { publishItem } from './publish';
import { projectLlmsTxt } from './llms-txt';
import { scheduleItem } from './schedule';
import { ZKindIdInput, ZMarkdownDocument, ZPublicSlug, ZPublishInput } from './schemas';
import { projectSite } from './site';
import { ZProjectSite } from './site-schema';
import { unpublishItem } from './unpublish';

export const changelogsRouter = router({
  list: publishedListProcedure(CHANGELOG),
  get: publishedItemProcedure(CHANGELOG),
  feed: itemFeedProcedure(CHANGELOG),
  markdown: markdownProcedure(CHANGELOG),
  page: pageProcedure(CHANGELOG),
  manage: authoringRouter(CHANGELOG),
});

export const blogPostsRouter = router({
  list: publishedListProcedure(BLOG_POST),
  get: publishedItemProcedure(BLOG_POST),
  feed: itemFeedProcedure(BLOG_POST),
  feedAll: listFeedProcedure(BLOG_POST),
  markdown: markdownProcedure(BLOG_POST),
  page: pageProcedure(BLOG_POST),
  manage: authoringRouter(BLOG_POST),
});

// no public list or feed of KB sets (not in the contract): the project's public page lists them
export const kbSetsRouter = router({
  get: publishedItemProcedure(KB_SET),
  markdown: markdownProcedure(KB_SET),
  page: pageProcedure(KB_SET),
  manage: authoringRouter(KB_SET),
});

const ZPreviewInput = z.object({ markdown: z.string().max(200_000) });
const ZPreview = z.object({ html: z.string() });
const byKind = (kind: keyof typeof KINDS): AnyContentKind<unknown, TManagedContent> => KINDS[kind];

export const contentRouter = router({
  /** the public page of a project */
  site: publicProcedure.input(z.object({ project: ZPublicSlug })).output(ZProjectSite).query(({ ctx, input }) => projectSite({ ctx, input })),
  /** the project's index of its public content for agents: `/pub/<project>/llms.txt` */
  llmsTxt: publicProcedure.input(z.object({ project: ZPublicSlug })).output(ZMarkdownDocument).query(({ ctx, input }) => projectLlmsTxt({ ctx, input })),
  /** the dashboard editor's live preview: exactly what pages, feeds and emails will show */
  preview: userProcedure.input(ZPreviewInput).output(ZPreview).mutation(({ input }) => ({ html: renderMarkdown(input.markdown) })),

  /** publish_content and unpublish_content of the MCP tools, and the dashboard's publish bar */
  publish: projectProcedure
    .meta({ rateLimit: 'write' })
    .input(ZPublishInput)
    .output(ZManagedContent)
    .mutation(({ ctx, input }) =>
      input.publish_at
        ? scheduleItem(byKind(input.kind), { ctx, input: { ...input, publish_at: input.publish_at } })
        : publishItem(byKind(input.kind), { ctx, input }),
    ),
  unpublish: projectProcedure
    .meta({ rateLimit: 'write' })
    .input(ZKindIdInput)
    .output(ZManagedContent)
    .mutation(({ ctx, input }) => unpublishItem(byKind(input.kind), { ctx, input })),
});
