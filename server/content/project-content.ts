import type { Database } from '@/db/client';
import { AppError } from '../errors';
import { findProjectBySlug, toPublicProject } from './internal';
import { BLOG_POST, CHANGELOG, KB_SET } from './kinds';
import { findPublishedList } from './public-list';

/** How many items of each kind a project's page and its llms.txt list. */
const LIMIT = 100;

/** What a project published, newest first per kind, for its page and its llms.txt. 404 when nothing (or no such project). */
export async function findProjectContent(db: Database, projectSlug: string) {
  const project = await findProjectBySlug(db, projectSlug);
  const filter = { project: projectSlug, limit: LIMIT };
  const [changelogs, posts, sets] = project
    ? await Promise.all([findPublishedList(CHANGELOG, db, filter), findPublishedList(BLOG_POST, db, filter), findPublishedList(KB_SET, db, filter)])
    : [[], [], []];
  if (!project || changelogs.length + posts.length + sets.length === 0) throw new AppError('NOT_FOUND', 'Nothing published here');
  return { project: toPublicProject(project), changelogs, posts, sets };
}
