import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { commitSettings } from '@/db/schema';


export type CommitSettingsRow = typeof commitSettings.$inferSelect;

export async function findSettings(db: DbOrTx, projectId: string): Promise<CommitSettingsRow | null> {
  const [row] = await db.select().from(commitSettings).where(eq(commitSettings.projectId, projectId)).limit(1);
  return row ?? null;
}

/** Creates or changes the project's one settings row. */
export async function upsertSettings(db: DbOrTx, projectId: string, values: Partial<Pick<CommitSettingsRow, 'repositoryUrl' | 'webhookSecret' | 'webhookSecretCreatedAt'>>) {
  const [row] = await db
    .insert(commitSettings)
    .values({ projectId, ...values })
    .onConflictDoUpdate({ target: commitSettings.projectId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}
