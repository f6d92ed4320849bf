import { and, or, sql } from 'drizzle-orm';
import { recipients } from '@/db/schema';
import { lockList, type ProjectScope } from '../mailing-lists/internal';
import { inJson, scopeOf } from './internal';
import type { TRemoveBatchInput, TRemoveBatchResult } from './schemas';
import { writingLists } from '../mailing-lists/kept-lists';

/**
 * POST recipients/remove: each recipient counts once however many identifiers reach it; identifiers
 * that reach nothing come back in `not_found` as sent. Two statements, whatever the batch size.
 */
export async function removeRecipients({ ctx, input }: { ctx: ProjectScope; input: TRemoveBatchInput }): Promise<TRemoveBatchResult> {
  const emails = [...new Set(input.emails ?? [])];
  const externalIds = [...new Set(input.external_ids ?? [])];
  const normalized = emails.map((e) => e.trim().toLowerCase());

  return writingLists(ctx.db, async (tx) => {
    await lockList(tx, ctx.projectId, input.list_id);
    const rows = await tx
      .select({ id: recipients.id, email: recipients.email, externalId: recipients.externalId, status: recipients.status })
      .from(recipients)
      .where(and(scopeOf(ctx.projectId, input.list_id), or(inJson(recipients.email, normalized), inJson(recipients.externalId, externalIds))))
      .for('no key update');
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    const byExternalId = new Map(rows.filter((r) => r.externalId !== null).map((r) => [r.externalId!, r]));

    const notFound = new Set<string>();
    const matched = new Set<(typeof rows)[number]>();
    emails.forEach((sent, i) => {
      const row = byEmail.get(normalized[i]!);
      if (row) matched.add(row);
      else notFound.add(sent);
    });
    for (const id of externalIds) {
      const row = byExternalId.get(id);
      if (row) matched.add(row);
      else notFound.add(id);
    }

    const result: TRemoveBatchResult = { removed: 0, already_removed: 0, skipped_unsubscribed: 0, not_found: [...notFound] };
    const toRemove: string[] = [];
    for (const row of matched) {
      if (row.status === 'active') toRemove.push(row.id);
      else if (row.status === 'removed') result.already_removed++;
      else result.skipped_unsubscribed++;
    }
    if (toRemove.length) {
      await tx
        .update(recipients)
        .set({ status: 'removed', statusChangedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(scopeOf(ctx.projectId, input.list_id), inJson(recipients.id, toRemove)));
    }
    result.removed = toRemove.length;
    return result;
  });
}
