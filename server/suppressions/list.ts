import { and, asc, eq, gt, ilike, isNotNull, isNull } from 'drizzle-orm';
import { emailSuppressions } from '@/db/schema';
import type { ProjectScope } from '../auth/actor';
import { AppError } from '../errors';
import type { TListSuppressionsInput, TSuppression } from './schemas';

/** The project's suppression list, by address, keyset-paged on the address (unique per project). */
export async function listSuppressions({ ctx, input }: { ctx: ProjectScope; input: TListSuppressionsInput }) {
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
  const q = input.q?.trim().toLowerCase();
  const rows = await ctx.db
    .select()
    .from(emailSuppressions)
    .where(
      and(
        eq(emailSuppressions.projectId, ctx.projectId),
        input.status === 'active' ? isNull(emailSuppressions.removedAt) : isNotNull(emailSuppressions.removedAt),
        input.reason ? eq(emailSuppressions.reason, input.reason) : undefined,
        q ? ilike(emailSuppressions.email, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        after === undefined ? undefined : gt(emailSuppressions.email, after),
      ),
    )
    .orderBy(asc(emailSuppressions.email))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    items: page.map(toSuppression),
    next_cursor: rows.length > input.limit ? Buffer.from(page[page.length - 1]!.email, 'utf8').toString('base64url') : null,
  };
}

function decodeCursor(cursor: string): string {
  const email = /^[\w-]{1,400}$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!email.includes('@')) throw new AppError('BAD_REQUEST', 'Malformed cursor');
  return email;
}

export function toSuppression(row: typeof emailSuppressions.$inferSelect): TSuppression {
  return {
    email: row.email,
    reason: row.reason,
    source: row.source,
    detail: row.detail,
    first_event_at: row.firstEventAt.toISOString(),
    last_event_at: row.lastEventAt.toISOString(),
    event_count: row.eventCount,
    removed_at: row.removedAt?.toISOString() ?? null,
    removal_reason: row.removalReason,
  };
}
