import { z } from 'zod';
import { projectProcedure, publicProcedure, router, userProcedure } from '../trpc';
import { renderMarkdown } from '../markdown/render';
import { publishContent, unpublishContent, ZManagedContent } from './publish';
import { ZKindIdInput, ZPublicSlug } from './schemas';
import { projectSite } from './site';
import { ZProjectSite } from './site-schema';

const ZPreviewInput = z.object({ markdown: z.string().max(200_000) });
const ZPreview = z.object({ html: z.string() });

export const contentRouter = router({
  /** the public page of a project */
  site: publicProcedure.input(z.object({ project: ZPublicSlug })).output(ZProjectSite).query(({ ctx, input }) => projectSite({ ctx, input })),
  /** the dashboard editor's live preview: exactly what pages, feeds and emails will show */
  preview: userProcedure.input(ZPreviewInput).output(ZPreview).mutation(({ input }) => ({ html: renderMarkdown(input.markdown) })),

  /** publish_content and unpublish_content of the MCP tools, and the dashboard's publish bar */
  publish: projectProcedure.meta({ rateLimit: 'write' }).input(ZKindIdInput).output(ZManagedContent).mutation(({ ctx, input }) => publishContent({ ctx, input })),
  unpublish: projectProcedure.meta({ rateLimit: 'write' }).input(ZKindIdInput).output(ZManagedContent).mutation(({ ctx, input }) => unpublishContent({ ctx, input })),
});
