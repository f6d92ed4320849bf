import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import { recipients } from '@/db/schema';
import { getListRow, type ProjectScope } from '../mailing-lists/internal';
import { decodeCursor, encodeCursor } from './cursor';
import { scopeOf, toRecipient } from './internal';
import type { TListRecipientsInput, TRecipient } from './schemas';
import { parseStatusFilter } from './status';

/**
 * GET recipients: oldest first by insertion order, keyset-paged, so rows inserted meanwhile land after
 * the cursor and no row is seen twice or skipped.
 */
export async function listRecipients({
  ctx,
  input,
}: {
  ctx: ProjectScope;
  input: TListRecipientsInput;
}): Promise<{ items: TRecipient[]; next_cursor: string | null }> {
  const status = parseStatusFilter(input.status);
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  await getListRow(ctx.db, ctx.projectId, input.list_id);

  const pattern = input.q ? `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await ctx.db
    .select()
    .from(recipients)
    .where(
      and(
        scopeOf(ctx.projectId, input.list_id),
        status && eq(recipients.status, status),
        after !== undefined ? gt(recipients.seq, after) : undefined,
        pattern ? matches(pattern) : undefined,
      ),
    )
    .orderBy(asc(recipients.seq))
    .limit(input.limit + 1);

  const page = rows.slice(0, input.limit);
  const more = rows.length > input.limit;
  return { items: page.map(toRecipient), next_cursor: more ? encodeCursor(page[page.length - 1]!.seq) : null };
}

/**
 * Case-insensitive substring match. The first test is the expression of the trigram index
 * (migration 0007) so PostgreSQL can use it; the second keeps a match from spanning two fields.
 */
function matches(pattern: string) {
  const like = (value: unknown) => sql`${value} like lower(${pattern})`;
  const searchText = sql`(${recipients.email} || ' ' || coalesce(lower(${recipients.name}), '') || ' ' || coalesce(lower(${recipients.externalId}), ''))`;
  return and(like(searchText), or(like(recipients.email), like(sql`lower(${recipients.name})`), like(sql`lower(${recipients.externalId})`)));
}
