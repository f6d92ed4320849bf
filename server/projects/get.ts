import { and, asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { memberships, projects } from '@/db/schema';
import { AppError } from '../errors';
import type { TProject } from './schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function listProjectsForUser(db: DbOrTx, userId: string): Promise<TProject[]> {
  const rows = await db
    .select({ project: projects })
    .from(projects)
    .innerJoin(memberships, eq(memberships.projectId, projects.id))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(projects.createdAt));
  return rows.map((r) => toProject(r.project));
}

/** A project the user is a member of, by id or slug; 404 otherwise, whether it exists or not. */
export async function getProjectForUser(db: DbOrTx, userId: string, idOrSlug: string): Promise<TProject> {
  const match = UUID.test(idOrSlug) ? or(eq(projects.id, idOrSlug), eq(projects.slug, idOrSlug)) : eq(projects.slug, idOrSlug);
  const [row] = await db
    .select({ project: projects })
    .from(projects)
    .innerJoin(memberships, and(eq(memberships.projectId, projects.id), eq(memberships.userId, userId)))
    .where(match)
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Project not found');
  return toProject(row.project);
}

/** A project by id or slug, for operators (the admin CLI). */
export async function getProjectByIdOrSlug(db: DbOrTx, idOrSlug: string) {
  const match = UUID.test(idOrSlug) ? eq(projects.id, idOrSlug) : eq(projects.slug, idOrSlug);
  const [row] = await db.select().from(projects).where(match).limit(1);
  if (!row) throw new AppError('NOT_FOUND', `Project ${idOrSlug} not found`);
  return toProject(row);
}

export function toProject(row: typeof projects.$inferSelect): TProject {
  return { id: row.id, name: row.name, slug: row.slug, created_at: row.createdAt.toISOString() };
}
