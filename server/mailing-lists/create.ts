import { eq, sql } from 'drizzle-orm';
import { mailingLists, projects } from '@/db/schema';
import { isBlank } from '../blank';
import { AppError } from '../errors';
import type { ProjectScope } from './internal';
import { LIMITS, type TCreateListInput, type TMailingList } from './schemas';
import { writingLists } from './kept-lists';

/** Creates a list; the project row is locked so the 20-list limit and unique names hold under concurrency. */
export async function createList({ ctx, input }: { ctx: ProjectScope; input: TCreateListInput }): Promise<TMailingList> {
  const name = input.name.trim();
  if (isBlank(name)) throw new AppError('BAD_REQUEST', 'Name must not be blank');

  return writingLists(ctx.db, async (tx) => {
    await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, ctx.projectId)).for('no key update');
    const [counts] = await tx
      .select({
        lists: sql<number>`count(*)::int`,
        // the same lower() as the unique index, so the check and the index always agree
        sameName: sql<string | null>`min(${mailingLists.name}) filter (where lower(${mailingLists.name}) = lower(${name}))`,
      })
      .from(mailingLists)
      .where(eq(mailingLists.projectId, ctx.projectId));
    if (counts!.lists >= LIMITS.listsPerProject) {
      throw new AppError('LIMIT', `A project holds at most ${LIMITS.listsPerProject} lists`);
    }
    if (counts!.sameName !== null) {
      // the existing list's name as it is written, which may differ in case from the one asked for
      throw new AppError('CONFLICT', `A list named "${counts!.sameName}" already exists in this project`);
    }
    const [list] = await tx.insert(mailingLists).values({ projectId: ctx.projectId, name }).returning();
    return {
      id: list!.id,
      name: list!.name,
      recipient_count: 0,
      active_count: 0,
      removed_count: 0,
      unsubscribed_count: 0,
      created_at: list!.createdAt.toISOString(),
    };
  });
}
