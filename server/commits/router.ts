import { z } from 'zod';
import { ZManagedBlogPost } from '../content/kinds/blog-post-schemas';
import { ZManagedChangelog } from '../content/kinds/changelog-schemas';
import { ZManagedKbSet } from '../content/kinds/kb-set-schemas';
import { ZContentStatus } from '../content/schemas';
import { memberProcedure, projectProcedure, publicProcedure, router } from '../trpc';
import { generateChangelog, generateDrafts, previewDrafts } from './drafts';
import { ZGrouped } from './generate/schemas';
import { generateKbSet } from './kb-draft';
import { receiveGithubDelivery } from './github/receive';
import { ZGithubDelivery, ZGithubDeliveryResult } from './github/schemas';
import { listCommits } from './list';
import { pushCommits } from './push';
import {
  ZBannerProposal, ZCommitList, ZCommitSettings, ZDayWindowInput, ZDraftText, ZGenerateChangelogInput, ZGenerateDraftsInput, ZGeneratedChangelog, ZKbSetDraft,
  ZListCommitsInput, ZPushCommitsInput, ZPushResult, ZSetRepositoryInput, ZWebhookSecret, ZWindowInput,
} from './schemas';
import { getCommitSettings, removeWebhookSecret, rotateWebhookSecret, setRepositoryUrl } from './settings';

const tags = ['Commits'];
const ZRenderedDraft = ZDraftText.extend({ html: z.string() });
const ZSavedChangelog = z.object({ id: z.uuid(), title: z.string(), status: ZContentStatus });
const ZPreview = z.object({
  summary: ZGrouped,
  changelog: ZRenderedDraft,
  blog_post: ZRenderedDraft,
  kb_set: ZKbSetDraft,
  banner: ZBannerProposal,
  saved_changelog: ZSavedChangelog.nullable(),
});
const ZDrafts = z.object({
  summary: ZGrouped,
  changelog: ZManagedChangelog,
  blog_post: ZManagedBlogPost,
  kb_set: ZManagedKbSet.nullable(),
  banner: ZBannerProposal,
});

export const commitsRouter = router({
  push: projectProcedure
    .meta({
      openapi: { method: 'POST', path: '/commits', tags, summary: 'Record commits of the project', description: 'Deduplicated by `sha` per project; 1-1000 commits per request.' },
      rateLimit: 'write',
    })
    .input(ZPushCommitsInput)
    .output(ZPushResult)
    .mutation(({ ctx, input }) => pushCommits({ ctx, input })),
  // list_commits and generate_changelog (decisions.md, MCP tools 2 and 3)
  list: projectProcedure
    .meta({ openapi: { method: 'GET', path: '/commits', tags, summary: 'Commits recorded for the project, newest first' }, rateLimit: 'read' })
    .input(ZListCommitsInput)
    .output(ZCommitList)
    .query(({ ctx, input }) => listCommits({ ctx, input })),
  generateChangelog: projectProcedure
    .meta({ rateLimit: 'write' })
    .input(ZGenerateChangelogInput)
    .output(ZGeneratedChangelog)
    .mutation(({ ctx, input }) => generateChangelog({ ctx, input })),
  generateKbSet: projectProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/commits/kb-set',
        tags,
        summary: 'Draft a knowledge-base set from the commits of a window',
        description:
          'One article per feature or breaking change of the window, its scope as the category; breaking changes carry migration notes. Saved as a draft: review it, then publish it. 400 when the window has no commits, or no features or breaking changes.',
      },
      rateLimit: 'write',
      successStatus: 201,
      errors: [400],
    })
    .input(ZDayWindowInput)
    .output(ZManagedKbSet)
    .mutation(({ ctx, input }) => generateKbSet({ ctx, input })),

  github: router({
    receive: publicProcedure.input(ZGithubDelivery).output(ZGithubDeliveryResult).mutation(({ ctx, input }) => receiveGithubDelivery({ ctx, input })),
  }),

  // the dashboard
  preview: projectProcedure.input(ZWindowInput).output(ZPreview).query(({ ctx, input }) => previewDrafts({ ctx, input })),
  generateDrafts: projectProcedure.input(ZGenerateDraftsInput).output(ZDrafts).mutation(({ ctx, input }) => generateDrafts({ ctx, input })),
  settings: memberProcedure.output(ZCommitSettings).query(({ ctx }) => getCommitSettings({ ctx })),
  setRepository: memberProcedure.input(ZSetRepositoryInput).output(ZCommitSettings).mutation(({ ctx, input }) => setRepositoryUrl({ ctx, input })),
  rotateWebhookSecret: memberProcedure.output(ZWebhookSecret).mutation(({ ctx }) => rotateWebhookSecret({ ctx })),
  removeWebhookSecret: memberProcedure.output(ZCommitSettings).mutation(({ ctx }) => removeWebhookSecret({ ctx })),
});
