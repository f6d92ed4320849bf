import { emailSends } from '@/db/schema';
import { AppError } from '../errors';
import { requestOrigin } from '../request-origin';
import { lockList, type ProjectScope } from '../mailing-lists/internal';
import { insertAudience } from './audience';
import { getSendRow, wakeWorker } from './internal';
import type { FrozenItem } from './render';
import type { TSend, TStartSendInput } from './schemas';

/**
 * send_release_email: the item, rendered once by its caller, and its audience (the list's active
 * recipients now) frozen in one transaction; the worker delivers from there. The list stays locked
 * meanwhile, so two sends of one item to one list cannot both reach a recipient.
 */
export async function startSend(
  { ctx, input }: { ctx: ProjectScope & { userId?: string }; input: TStartSendInput },
  item: Omit<FrozenItem, 'listName'>,
): Promise<TSend> {
  const sendId = await ctx.db.transaction(async (tx) => {
    const list = await lockList(tx, ctx.projectId, input.list_id);
    const [send] = await tx
      .insert(emailSends)
      .values({
        projectId: ctx.projectId,
        listId: list.id,
        listName: list.name,
        contentKind: input.kind,
        contentId: input.id,
        subject: item.subject,
        fromName: item.fromName,
        publicUrl: item.publicUrl,
        bodyHtml: item.bodyHtml,
        bodyText: item.bodyText,
        createdBy: ctx.userId ?? null,
        // set by the HTTP front only while APP_URL is unset; a scheduled publish's send has none
        appUrl: requestOrigin() ?? null,
      })
      .returning({ id: emailSends.id });
    const audience = await insertAudience(tx, { id: send!.id, projectId: ctx.projectId, listId: list.id, kind: input.kind, itemId: input.id });
    if (audience.total === 0) throw new AppError('BAD_REQUEST', `The list "${list.name}" has no active recipients`);
    if (audience.queued === 0 && audience.suppressed > 0) {
      const others = audience.total > audience.suppressed ? ', the others already received this item' : '';
      throw new AppError('BAD_REQUEST', `No active recipient of "${list.name}" can receive it: ${audience.suppressed} on the suppression list${others}`);
    }
    if (audience.queued === 0) throw new AppError('CONFLICT', `Every active recipient of "${list.name}" already received this item`);
    return send!.id;
  });
  wakeWorker();
  return getSendRow(ctx.db, ctx.projectId, sendId);
}
