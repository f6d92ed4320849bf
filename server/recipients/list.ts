import { and, asc, eq, getTableColumns, gt, or, sql } from 'drizzle-orm';
import { mailingLists, recipients } from '@/db/schema';
import { listNotFound, type ProjectScope } from '../mailing-lists/internal';
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

  const pattern = input.q ? `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const window = ctx.db
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
    .limit(input.limit + 1)
    .as('window');
  // one statement: the list (so another project's list is "not found") and its page, joined laterally
  const joined = await ctx.db
    .select({ listId: mailingLists.id, recipient: pickColumns(window) })
    .from(mailingLists)
    .leftJoinLateral(window, sql`true`)
    .where(and(eq(mailingLists.id, input.list_id), eq(mailingLists.projectId, ctx.projectId)))
    .orderBy(asc(window.seq));
  if (joined.length === 0) throw listNotFound();
  const rows = joined.flatMap((row) => (row.recipient ? [row.recipient] : []));

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

/** Every column of a recipients subquery, as one nested object (null when the lateral join found none). */
function pickColumns(window: { [K in keyof typeof recipients.$inferSelect]: unknown }) {
  return Object.fromEntries(Object.keys(getTableColumns(recipients)).map((name) => [name, window[name as keyof typeof window]])) as {
    [K in keyof typeof recipients.$inferSelect]: (typeof recipients)[K];
  };
}
