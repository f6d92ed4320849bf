import { and, eq, or } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { memberships, projects } from '@/db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of a project (by id or slug) that the user is a member of; null whether it exists or not. */
export async function memberProjectId(db: Database, userId: string, idOrSlug: string): Promise<string | null> {
  const match = UUID.test(idOrSlug) ? or(eq(projects.id, idOrSlug), eq(projects.slug, idOrSlug)) : eq(projects.slug, idOrSlug);
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .innerJoin(memberships, and(eq(memberships.projectId, projects.id), eq(memberships.userId, userId)))
    .where(match)
    .limit(1);
  return row?.id ?? null;
}
