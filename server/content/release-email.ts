import type { SendContentKind } from '@/db/schema';
import type { ProjectScope } from '../auth/actor';
import { AppError } from '../errors';
import { getListRow } from '../mailing-lists/internal';
import { previewSend } from '../release-emails/preview';
import type { TSend, TSendPreview, TStartSendInput } from '../release-emails/schemas';
import { startSend } from '../release-emails/start';
import { freezeItem } from './email-item';
import type { AnyContentKind } from './kind';

/** The kinds a release email can carry. */
const EMAILABLE: readonly string[] = ['changelog', 'blog_post'] satisfies SendContentKind[];

/** `email_list_id` of publish_content: refused for a KB set, and for a list that is not the project's (404). */
export async function checkReleaseEmailTarget(ctx: ProjectScope, kind: Pick<AnyContentKind, 'kind'>, listId: string) {
  if (!EMAILABLE.includes(kind.kind)) {
    throw new AppError('BAD_REQUEST', 'A release email carries a changelog or a blog post; leave out email_list_id for a KB set');
  }
  await getListRow(ctx.db, ctx.projectId, listId);
}

/** Queues the release email of a just published item, in the caller's transaction (`ctx.db`). */
export async function queueReleaseEmail(ctx: ProjectScope & { userId?: string }, kind: Pick<AnyContentKind, 'kind'>, id: string, listId: string) {
  return sendReleaseEmail({ ctx, input: { list_id: listId, kind: kind.kind as SendContentKind, id } });
}

/** send_release_email: a published changelog or blog post to a list's active recipients. */
export async function sendReleaseEmail(args: { ctx: ProjectScope & { userId?: string }; input: TStartSendInput }): Promise<TSend> {
  // rendered before the send's transaction: PGlite runs one connection, which a transaction holds
  return startSend(args, await freezeItem(args.ctx, args.input.kind, args.input.id));
}

/** The send dialog's preview of the same email. */
export async function previewReleaseEmail(args: { ctx: ProjectScope; input: TStartSendInput }): Promise<TSendPreview> {
  return previewSend(args, () => freezeItem(args.ctx, args.input.kind, args.input.id));
}
