import { projectProcedure, router } from '../trpc';
import { ZSend, ZSendPreview, ZStartSendInput } from '../release-emails/schemas';
import { previewReleaseEmail, sendReleaseEmail } from './release-email';

/** Previewing and sending a release email of an item: served as `releaseEmails.preview` and `.send` (root.ts). */
export const releaseEmailSendRouter = router({
  preview: projectProcedure.input(ZStartSendInput).output(ZSendPreview).query(({ ctx, input }) => previewReleaseEmail({ ctx, input })),
  send: projectProcedure.meta({ rateLimit: 'write' }).input(ZStartSendInput).output(ZSend).mutation(({ ctx, input }) => sendReleaseEmail({ ctx, input })),
});
