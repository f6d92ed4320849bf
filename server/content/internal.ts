import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '@/db/client';
import { changelogs, projects } from '@/db/schema';
import { AppError } from '../errors';
import { slugify } from '../projects/slug';
import type { ContentKind } from './kind';
import { publicUrls } from './urls';
import type { TPublicProject } from './schemas';

/** What public verbs read with: the database, no actor. */
export interface PublicScope {
  db: Database;
}

// The three tables share their id, project, status, slug and time columns; one typed view serves every kind.
export const columnsOf = (kind: Pick<ContentKind, 'table'>) => kind.table as typeof changelogs;

export const notFound = (kind: Pick<ContentKind, 'label'>) => new AppError('NOT_FOUND', `${kind.label} not found`);

export async function projectSlugOf(db: DbOrTx, projectId: string): Promise<string> {
  const [row] = await db.select({ slug: projects.slug }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Project not found');
  return row.slug;
}

export function toPublicProject(project: { name: string; slug: string }): TPublicProject {
  return { name: project.name, slug: project.slug, url: publicUrls.project(project.slug) };
}

/** A project by its public slug, as public reads name it; null when there is none. */
export async function findProjectBySlug(db: DbOrTx, slug: string): Promise<{ name: string; slug: string } | null> {
  const [project] = await db.select({ name: projects.name, slug: projects.slug }).from(projects).where(eq(projects.slug, slug)).limit(1);
  return project ?? null;
}

/** Today's date in UTC, YYYY-MM-DD. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Fragment ids unique within one page or feed (its anchors, its guids). Each text's next suffix is
 * remembered, so a page of thousands of identical entries costs one lookup each, not a walk over the
 * suffixes handed out before.
 */
export class AnchorNames {
  private readonly taken = new Set<string>();
  private readonly nextSuffix = new Map<string, number>();

  name(text: string, max: number): string {
    const base = slugify(text, max);
    let suffix = this.nextSuffix.get(base) ?? 1;
    let anchor = suffix === 1 ? base : `${base}-${suffix}`;
    while (this.taken.has(anchor)) anchor = `${base}-${++suffix}`;
    this.nextSuffix.set(base, suffix + 1);
    this.taken.add(anchor);
    return anchor;
  }
}
