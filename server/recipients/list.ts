import { and, eq, gt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { preparedRead } from '@/db/prepared';
import { recipients } from '@/db/schema';
import { listNotFound, type ProjectScope } from '../mailing-lists/internal';
import { decodeCursor, encodeCursor } from './cursor';
import { scopeOf } from './internal';
import { pageCacheOf } from './page-cache';
import type { TListRecipientsInput, TRecipient, TRecipientPage } from './schemas';
import { parseStatusFilter } from './status';

interface PageRow {
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
  /** the list's recipients_version, on every row (the list's own row when it has none) */
  version: number;
}

/**
 * GET recipients: oldest first by insertion order, keyset-paged, so rows inserted meanwhile land after
 * the cursor and no row is seen twice or skipped. A page read before is served again while the list's
 * recipients are unchanged (page-cache.ts): one small read instead of a hundred rows.
 */
export async function listRecipients({ ctx, input }: { ctx: ProjectScope; input: TListRecipientsInput }): Promise<TRecipientPage> {
  const status = parseStatusFilter(input.status);
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  const values = { listId: input.list_id, projectId: ctx.projectId };
  const cache = pageCacheOf(ctx.db);
  const key = [ctx.projectId, input.list_id, status ?? '', after ?? '', input.limit, input.q ?? ''].join(' ');
  const known = cache?.get(key);
  if (known) {
    const [list] = await versionRead(ctx.db, values);
    if (!list) throw listNotFound();
    if (list.version === known.version) return known.page;
  }

  const pattern = input.q ? `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const read = pageRead({ status: status !== undefined, after: after !== undefined, search: pattern !== undefined });
  const rows = await read(ctx.db, { ...values, status, after, pattern, limit: input.limit + 1 });
  if (rows.length === 0) throw listNotFound();
  const found = rows.filter((row) => row.id !== null);
  const items = found.slice(0, input.limit);
  const more = found.length > input.limit;
  const page = { items: items.map(toApiRecipient), next_cursor: more ? encodeCursor(items[items.length - 1]!.seq) : null };
  cache?.set(key, rows[0]!.version, page);
  return page;
}

const versionRead = preparedRead<{ version: number }>(sql`
  select recipients_version::float8 as version from mailing_lists
  where id = ${sql.placeholder('listId')} and project_id = ${sql.placeholder('projectId')}`);

type PageShape = { status: boolean; after: boolean; search: boolean };

const pageReads = new Map<string, ReturnType<typeof preparedRead<PageRow>>>();

/**
 * The page read for the filters a request uses (eight shapes at most), built and prepared once each:
 * one statement, the list and its page joined laterally: no row at all when the list is not the project's.
 */
function pageRead(shape: PageShape) {
  const key = `${shape.status}${shape.after}${shape.search}`;
  let read = pageReads.get(key);
  if (!read) {
    const filter = and(
      scopeOf(sql.placeholder('projectId'), sql.placeholder('listId')),
      shape.status ? eq(recipients.status, sql.placeholder('status')) : undefined,
      shape.after ? gt(recipients.seq, sql.placeholder('after')) : undefined,
      shape.search ? matches(sql.placeholder('pattern')) : undefined,
    );
    read = preparedRead<PageRow>(sql`
      select r.id, r.seq::float8 as seq, r.email, r.name, r.external_id, r.attributes, r.status,
        ${utc(sql`r.status_changed_at`)} as status_changed_at, ${utc(sql`r.created_at`)} as created_at, ${utc(sql`r.updated_at`)} as updated_at,
        l.recipients_version::float8 as version
      from mailing_lists l
      left join lateral (
        select * from ${recipients} where ${filter} order by ${recipients.seq} limit ${sql.placeholder('limit')}
      ) r on true
      where l.id = ${sql.placeholder('listId')} and l.project_id = ${sql.placeholder('projectId')}
      order by r.seq`);
    pageReads.set(key, read);
  }
  return read;
}

/** A time as UTC text (`2026-11-26 11:56:42.891485`): PostgreSQL's own output, a third of `to_char`'s cost. */
const utc = (column: SQL) => sql`(${column} at time zone 'UTC')::text`;

/** PostgreSQL's UTC text as `toISOString()` writes it: `T`, milliseconds (truncated, as a Date keeps them), `Z`. */
function isoOf(utcText: string): string {
  const fraction = utcText.length > 20 ? utcText.slice(20, 23) : '';
  return `${utcText.slice(0, 10)}T${utcText.slice(11, 19)}.${fraction.padEnd(3, '0')}Z`;
}

function toApiRecipient(row: PageRow): TRecipient {
  return {
    id: row.id!,
    email: row.email,
    ...(row.name === null ? {} : { name: row.name }),
    ...(row.external_id === null ? {} : { external_id: row.external_id }),
    attributes: row.attributes ?? {},
    status: row.status,
    status_changed_at: row.status_changed_at === null ? null : isoOf(row.status_changed_at),
    is_active: row.status === 'active',
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
  };
}

/**
 * Case-insensitive substring match. The first test is the expression of the trigram index
 * (migration 0007) so PostgreSQL can use it; the second keeps a match from spanning two fields.
 */
function matches(pattern: Placeholder) {
  const like = (value: unknown) => sql`${value} like lower(${pattern})`;
  const searchText = sql`(${recipients.email} || ' ' || coalesce(lower(${recipients.name}), '') || ' ' || coalesce(lower(${recipients.externalId}), ''))`;
  return and(like(searchText), or(like(recipients.email), like(sql`lower(${recipients.name})`), like(sql`lower(${recipients.externalId})`)));
}
