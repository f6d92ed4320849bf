import { and, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '@/db/rows';
import { recipients } from '@/db/schema';
import { listNotFound, type ProjectScope } from '../mailing-lists/internal';
import { decodeCursor, encodeCursor } from './cursor';
import { scopeOf } from './internal';
import type { TListRecipientsInput, TRecipient } from './schemas';
import { parseStatusFilter } from './status';

interface PageRow {
  list_id: string;
  id: string | null;
  seq: number;
  email: string;
  name: string | null;
  external_id: string | null;
  attributes: TRecipient['attributes'] | null;
  status: TRecipient['status'];
  status_changed_at: string | null;
  created_at: string;
  updated_at: string;
}

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
  const filter = and(
    scopeOf(ctx.projectId, input.list_id),
    status && eq(recipients.status, status),
    after !== undefined ? gt(recipients.seq, after) : undefined,
    pattern ? matches(pattern) : undefined,
  );
  // one statement: the list (so another project's list is "not found") and its page, joined laterally;
  // rows come back in the API's shape (ISO times in SQL), so no per-field mapping runs in JavaScript
  const rows = rowsOf<PageRow>(
    await ctx.db.execute(sql`
      select l.id as list_id, r.id, r.seq::float8 as seq, r.email, r.name, r.external_id, r.attributes, r.status,
        ${iso(sql`r.status_changed_at`)} as status_changed_at, ${iso(sql`r.created_at`)} as created_at, ${iso(sql`r.updated_at`)} as updated_at
      from mailing_lists l
      left join lateral (
        select * from ${recipients} where ${filter} order by ${recipients.seq} limit ${input.limit + 1}
      ) r on true
      where l.id = ${input.list_id} and l.project_id = ${ctx.projectId}
      order by r.seq`),
  );
  if (rows.length === 0) throw listNotFound();
  const found = rows.filter((row) => row.id !== null);
  const page = found.slice(0, input.limit);
  const more = found.length > input.limit;
  return { items: page.map(toApiRecipient), next_cursor: more ? encodeCursor(page[page.length - 1]!.seq) : null };
}

/** `toISOString()`'s format, in UTC with milliseconds. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function toApiRecipient(row: PageRow): TRecipient {
  return {
    id: row.id!,
    email: row.email,
    ...(row.name === null ? {} : { name: row.name }),
    ...(row.external_id === null ? {} : { external_id: row.external_id }),
    attributes: row.attributes ?? {},
    status: row.status,
    status_changed_at: row.status_changed_at,
    is_active: row.status === 'active',
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
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
