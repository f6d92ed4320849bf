import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { apiTokens } from '@/db/schema';
import type { TApiTokenSummary } from './schemas';

export async function listApiTokens(db: DbOrTx, projectId: string): Promise<TApiTokenSummary[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.projectId, projectId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map(toTokenSummary);
}

export function toTokenSummary(row: typeof apiTokens.$inferSelect): TApiTokenSummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
