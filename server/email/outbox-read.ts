import { and, desc, eq, isNull, or } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { emailOutbox } from '@/db/schema';
import { AppError } from '../errors';
import type { TOutboxMessage, TOutboxSummary } from './schemas';

interface Viewer {
  db: Database;
  projectId: string;
  userId: string;
}

// a project's release emails, and the viewer's own account emails (they belong to no project)
const visibleTo = (ctx: Viewer) =>
  or(eq(emailOutbox.projectId, ctx.projectId), and(isNull(emailOutbox.projectId), eq(emailOutbox.userId, ctx.userId)));

/** The outbox of the embedded default, newest first. */
export async function listOutbox({ ctx, input }: { ctx: Viewer; input: { limit: number } }): Promise<TOutboxSummary[]> {
  const rows = await ctx.db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      sendId: emailOutbox.sendId,
      projectId: emailOutbox.projectId,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(visibleTo(ctx))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(input.limit);
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    kind: r.projectId ? 'release' : 'account',
    send_id: r.sendId,
    created_at: r.createdAt.toISOString(),
  }));
}

/** One stored email as it would have been sent: headers, HTML and text. */
export async function getOutboxMessage({ ctx, input }: { ctx: Viewer; input: { message_id: string } }): Promise<TOutboxMessage> {
  const [row] = await ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.id, input.message_id), visibleTo(ctx)));
  if (!row) throw new AppError('NOT_FOUND', 'Email not found');
  return {
    id: row.id,
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    headers: row.headers.map(([name, value]) => ({ name, value })),
    html: row.html,
    text: row.text,
    created_at: row.createdAt.toISOString(),
  };
}
