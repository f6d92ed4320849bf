import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { changelogs } from '@/db/schema';
import type { ContentStatus } from '@/db/schema';

export interface SavedChangelog {
  id: string;
  title: string;
  status: ContentStatus;
}

/**
 * The newest changelog of the project covering exactly this period, drafts included: generated drafts
 * carry their window's period, so the dashboard can tell that a window's drafts were saved before.
 */
export async function changelogOfPeriod(db: DbOrTx, projectId: string, period: { start: string; end: string }): Promise<SavedChangelog | null> {
  const [row] = await db
    .select({ id: changelogs.id, title: changelogs.title, status: changelogs.status })
    .from(changelogs)
    .where(and(eq(changelogs.projectId, projectId), eq(changelogs.periodStart, period.start), eq(changelogs.periodEnd, period.end)))
    .orderBy(desc(changelogs.createdAt))
    .limit(1);
  return row ?? null;
}
