import type { Database } from '@/db/client';
import { memberships, projects } from '@/db/schema';
import { slugify, withRandomSuffix } from './slug';
import type { TCreateProjectInput } from './schemas';
import { toProject } from './get';

/** Creates a project owned by the user; the slug comes from the name, with a suffix when taken. */
export async function createProject(db: Database, input: TCreateProjectInput & { ownerId: string }) {
  const base = slugify(input.name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = attempt === 0 ? base : withRandomSuffix(base);
    const project = await db.transaction(async (tx) => {
      const [row] = await tx.insert(projects).values({ name: input.name, slug }).onConflictDoNothing().returning();
      if (!row) return null;
      await tx.insert(memberships).values({ projectId: row.id, userId: input.ownerId, role: 'owner' });
      return row;
    });
    if (project) return toProject(project);
  }
  throw new Error('could not find a free project slug');
}
