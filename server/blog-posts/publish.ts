import { blogPosts } from '@/db/schema';
import { projectSlugOf, type ProjectScope } from '../content/internal';
import { publishItem, unpublishItem } from '../content/publication';
import { getBlogPost } from './get';

const LABEL = 'Blog post';

/** Publishes a post; its slug comes from its title on first publish. */
export async function publishBlogPost({ ctx, input }: { ctx: ProjectScope; input: { id: string } }) {
  const current = await getBlogPost({ ctx, input });
  await publishItem({
    db: ctx.db,
    table: blogPosts,
    projectId: ctx.projectId,
    id: input.id,
    projectSlug: await projectSlugOf(ctx.db, ctx.projectId),
    words: current.title,
    label: LABEL,
  });
  return getBlogPost({ ctx, input });
}

export async function unpublishBlogPost({ ctx, input }: { ctx: ProjectScope; input: { id: string } }) {
  await unpublishItem({ db: ctx.db, table: blogPosts, projectId: ctx.projectId, id: input.id, label: LABEL });
  return getBlogPost({ ctx, input });
}
