import { z } from 'zod';
import { countActive, getListRow, type ProjectScope } from '../mailing-lists/internal';
import { LIMITS, ZListId } from '../mailing-lists/schemas';
import { IMPORT_MAX_ROWS } from './csv-import';
import { loadMatches } from './internal';
import { planUpsert } from './plan-upsert';
import { ZRecipientEntry, ZUpsertResult } from './schemas';

export const ZPreviewInput = z.object({ list_id: ZListId, recipients: z.array(ZRecipientEntry).min(1).max(IMPORT_MAX_ROWS) });

export const ZPreview = z.object({
  result: ZUpsertResult,
  outcomes: z.array(z.enum(['added', 'updated', 'reactivated', 'unchanged', 'skipped_unsubscribed', 'conflict', 'invalid'])),
  active_before: z.number().int(),
  active_after: z.number().int(),
  active_limit: z.number().int(),
});

/** What an upsert of these entries would do, entry by entry, without writing anything (dashboard import). */
export async function previewUpsert({ ctx, input }: { ctx: ProjectScope; input: z.infer<typeof ZPreviewInput> }): Promise<z.infer<typeof ZPreview>> {
  await getListRow(ctx.db, ctx.projectId, input.list_id);
  const plan = planUpsert(await loadMatches(ctx.db, ctx.projectId, input.list_id, input.recipients, false), input.recipients);
  const activeBefore = await countActive(ctx.db, ctx.projectId, input.list_id);
  return {
    result: plan.result,
    outcomes: plan.outcomes,
    active_before: activeBefore,
    active_after: activeBefore + plan.result.added + plan.result.reactivated,
    active_limit: LIMITS.activePerList,
  };
}
