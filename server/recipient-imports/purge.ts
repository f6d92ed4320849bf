import { and, inArray, isNotNull, lt, notInArray, or, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { recipientImportChanges, recipientImports } from '@/db/schema';

/** How long the summary of an import stays listed after its details (the file, the rows) are gone. */
export const IMPORT_SUMMARY_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;

/**
 * Past `expires_at` (24 hours after upload for a preview nobody started, after finishing for the rest)
 * the per-recipient changes and the file's rows go: they are personal data, and undo is over. Previews
 * never started go whole; summaries after 30 days. Jobs in flight are left alone.
 */
export async function purgeImportDetails(db: Database, now: Date): Promise<number> {
  const settled = notInArray(recipientImports.status, ['queued', 'running']);
  const expired = db.select({ id: recipientImports.id }).from(recipientImports).where(and(settled, lt(recipientImports.expiresAt, now)));
  const changes = await db.delete(recipientImportChanges).where(inArray(recipientImportChanges.importId, expired)).returning({ id: recipientImportChanges.importId });
  const details = await db
    .update(recipientImports)
    .set({ rows: null, report: null })
    .where(and(settled, lt(recipientImports.expiresAt, now), isNotNull(recipientImports.rows)))
    .returning({ id: recipientImports.id });
  const gone = await db
    .delete(recipientImports)
    .where(
      and(
        settled,
        or(
          and(eq(recipientImports.status, 'ready'), lt(recipientImports.expiresAt, now)),
          lt(recipientImports.createdAt, new Date(now.getTime() - IMPORT_SUMMARY_DAYS * DAY)),
        ),
      ),
    )
    .returning({ id: recipientImports.id });
  return changes.length + details.length + gone.length;
}
