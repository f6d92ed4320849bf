import { z } from 'zod';
import { publishChangelog, unpublishChangelog } from '../changelogs/publish';
import { ZManagedChangelog } from '../changelogs/schemas';
import { publishBlogPost, unpublishBlogPost } from '../blog-posts/publish';
import { ZManagedBlogPost } from '../blog-posts/schemas';
import { publishKbSet, unpublishKbSet } from '../kb-sets/publish';
import { ZManagedKbSet } from '../kb-sets/schemas';
import type { ProjectScope } from './internal';
import type { TContentKind } from './schemas';

/** Any authored item, told apart by `kind`: what publish_content and unpublish_content return. */
export const ZManagedContent = z.discriminatedUnion('kind', [ZManagedChangelog, ZManagedBlogPost, ZManagedKbSet]);

type Input = { kind: TContentKind; id: string };

/** publish_content: the item goes live under its public slug (given on first publish, kept after). */
export function publishContent({ ctx, input }: { ctx: ProjectScope; input: Input }) {
  const args = { ctx, input: { id: input.id } };
  if (input.kind === 'changelog') return publishChangelog(args);
  if (input.kind === 'blog_post') return publishBlogPost(args);
  return publishKbSet(args);
}

/** unpublish_content: the item becomes a draft; its public URLs answer 404 until published again. */
export function unpublishContent({ ctx, input }: { ctx: ProjectScope; input: Input }) {
  const args = { ctx, input: { id: input.id } };
  if (input.kind === 'changelog') return unpublishChangelog(args);
  if (input.kind === 'blog_post') return unpublishBlogPost(args);
  return unpublishKbSet(args);
}
