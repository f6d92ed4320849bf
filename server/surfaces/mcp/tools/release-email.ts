import { ZSend, ZStartSendInput } from '../../../release-emails/schemas';
import { defineTool } from '../tool';

export const releaseEmailTools = [
  defineTool({
    name: 'send_release_email',
    title: 'Send release email',
    description:
      "Sends a published changelog or blog post (kind, id) to the active recipients of a mailing list (list_id). Each recipient gets it at most once; returns the send and its progress.",
    input: ZStartSendInput,
    output: ZSend,
    effect: { destructive: false, idempotent: false, openWorld: true },
    run: (caller, input) => caller.releaseEmails.send(input),
  }),
];
