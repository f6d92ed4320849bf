import { kbSets } from '@/db/schema';
import { projectSlugOf, type ProjectScope } from '../content/internal';
import { publishItem, unpublishItem } from '../content/publication';
import { getKbSet } from './get';

const LABEL = 'Knowledge-base set';

/** Publishes a set; its slug comes from its title on first publish. */
export async function publishKbSet({ ctx, input }: { ctx: ProjectScope; input: { id: string } }) {
  const current = await getKbSet({ ctx, input });
  await publishItem({
    db: ctx.db,
    table: kbSets,
    projectId: ctx.projectId,
    id: input.id,
    projectSlug: await projectSlugOf(ctx.db, ctx.projectId),
    words: current.title,
    label: LABEL,
  });
  return getKbSet({ ctx, input });
}

export async function unpublishKbSet({ ctx, input }: { ctx: ProjectScope; input: { id: string } }) {
  await unpublishItem({ db: ctx.db, table: kbSets, projectId: ctx.projectId, id: input.id, label: LABEL });
  return getKbSet({ ctx, input });
}
