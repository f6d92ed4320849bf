import { changelogs } from '@/db/schema';
import { projectSlugOf, type ProjectScope } from '../content/internal';
import { publishItem, unpublishItem } from '../content/publication';
import { getChangelog } from './get';

const LABEL = 'Changelog';

/** Publishes a changelog; its slug comes from the version, else the title, on first publish. */
export async function publishChangelog({ ctx, input }: { ctx: ProjectScope; input: { id: string } }) {
  const current = await getChangelog({ ctx, input });
  await publishItem({
    db: ctx.db,
    table: changelogs,
    projectId: ctx.projectId,
    id: input.id,
    projectSlug: await projectSlugOf(ctx.db, ctx.projectId),
    words: current.version || current.title,
    label: LABEL,
  });
  return getChangelog({ ctx, input });
}

export async function unpublishChangelog({ ctx, input }: { ctx: ProjectScope; input: { id: string } }) {
  await unpublishItem({ db: ctx.db, table: changelogs, projectId: ctx.projectId, id: input.id, label: LABEL });
  return getChangelog({ ctx, input });
}
