import type { SendContentKind } from '@/db/schema';
import type { ProjectScope } from '../auth/actor';
import { AppError } from '../errors';
import { getListRow } from '../mailing-lists/internal';
import { startSend } from '../release-emails/start';
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
  return startSend({ ctx, input: { list_id: listId, kind: kind.kind as SendContentKind, id } });
}
