import { and, desc, eq } from 'drizzle-orm';
import { kbSets } from '@/db/schema';
import { AppError } from '../errors';
import type { ProjectScope } from '../content/internal';
import type { TContentStatus } from '../content/schemas';
import { toManagedKbSet } from './mappers';
import type { TManagedKbSet } from './schemas';

/** get_kb_set: one set of the project, draft or published. */
export async function getKbSet({ ctx, input }: { ctx: ProjectScope; input: { id: string } }): Promise<TManagedKbSet> {
  const [row] = await ctx.db
    .select()
    .from(kbSets)
    .where(and(eq(kbSets.id, input.id), eq(kbSets.projectId, ctx.projectId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Knowledge-base set not found');
  return toManagedKbSet(row);
}

/** list_kb_sets: the project's sets, newest first, optionally only drafts or only published. */
export async function listKbSets({ ctx, input }: { ctx: ProjectScope; input: { status?: TContentStatus } }) {
  const rows = await ctx.db
    .select()
    .from(kbSets)
    .where(and(eq(kbSets.projectId, ctx.projectId), input.status ? eq(kbSets.status, input.status) : undefined))
    .orderBy(desc(kbSets.createdAt), desc(kbSets.id));
  return rows.map(toManagedKbSet);
}
