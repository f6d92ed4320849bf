import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { memberships } from '@/db/schema';

export async function listProjectMembers(db: DbOrTx, projectId: string) {
  return db.select().from(memberships).where(eq(memberships.projectId, projectId)).orderBy(asc(memberships.createdAt));
}
