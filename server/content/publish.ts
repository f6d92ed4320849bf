import { z } from 'zod';
import { ZManagedBlogPost } from './blog-posts/schemas';
import { ZManagedChangelog } from './changelogs/schemas';
import { ZManagedKbSet } from './kb-sets/schemas';
import type { ProjectScope } from './internal';
import { publish, unpublish } from './items';
import { CONTENT_KINDS } from './kinds';
import type { TContentKind } from './schemas';

/** Any authored item, told apart by `kind`: what publish_content and unpublish_content return. */
export const ZManagedContent = z.discriminatedUnion('kind', [ZManagedChangelog, ZManagedBlogPost, ZManagedKbSet]);

type Input = { kind: TContentKind; id: string };

/** publish_content: the item goes live under its public slug (given on first publish, kept after). */
export function publishContent({ ctx, input }: { ctx: ProjectScope; input: Input }) {
  return publish(CONTENT_KINDS[input.kind] as never, { ctx, input: { id: input.id } }) as Promise<z.infer<typeof ZManagedContent>>;
}

/** unpublish_content: the item becomes a draft; its public URLs answer 404 until published again. */
export function unpublishContent({ ctx, input }: { ctx: ProjectScope; input: Input }) {
  return unpublish(CONTENT_KINDS[input.kind] as never, { ctx, input: { id: input.id } }) as Promise<z.infer<typeof ZManagedContent>>;
}
