import { ZSend, ZStartSendInput } from '../../../release-emails/schemas';
import { defineTool } from '../tool';

export const releaseEmailTools = [
  defineTool({
    name: 'send_release_email',
    title: 'Send release email',
    description:
      "Sends a published changelog or blog post (kind, id) to the active recipients of a mailing list (list_id). Each recipient gets it at most once; addresses on the project's suppression list (hard bounces, spam complaints, manual) are skipped. Returns the send and its progress, with the suppressed skips counted by reason in `suppressed`.",
    input: ZStartSendInput,
    output: ZSend,
    effect: { destructive: false, idempotent: false, openWorld: true },
    run: (caller, input) => caller.releaseEmails.send(input),
  }),
];
