import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { projects } from '@/db/schema';
import { AppError } from '../errors';
import { publicUrls } from './urls';
import type { TPublicProject } from './schemas';

/** What authoring verbs act within: the caller's one project. */
export interface ProjectScope {
  db: Database;
  projectId: string;
}

export async function projectSlugOf(db: Database, projectId: string): Promise<string> {
  const [row] = await db.select({ slug: projects.slug }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Project not found');
  return row.slug;
}

export function toPublicProject(project: { name: string; slug: string }): TPublicProject {
  return { name: project.name, slug: project.slug, url: publicUrls.project(project.slug) };
}

/** Today's date in UTC, YYYY-MM-DD. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The fields authors see beside the public ones (MANAGED_FIELDS), the same for every kind. */
export function managedFields(row: { slug: string | null; status: 'draft' | 'published'; publishedAt: Date | null; updatedAt: Date }, publicUrl: (slug: string) => string) {
  return {
    slug: row.slug,
    status: row.status,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    public_url: row.status === 'published' && row.slug ? publicUrl(row.slug) : null,
  };
}
