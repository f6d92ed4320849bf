import { z } from 'zod';
import { BLOG_POST } from './blog-post';
import { ZManagedBlogPost } from './blog-post-schemas';
import { CHANGELOG } from './changelog';
import { ZManagedChangelog } from './changelog-schemas';
import { KB_SET } from './kb-set';
import { ZManagedKbSet } from './kb-set-schemas';

export { BLOG_POST, CHANGELOG, KB_SET };

/** The descriptor of each kind, by the `kind` that tools, the dashboard and release emails name. */
export const KINDS = { changelog: CHANGELOG, blog_post: BLOG_POST, kb_set: KB_SET } as const;

/** Any authored item, told apart by `kind`: what publish_content and unpublish_content return. */
export const ZManagedContent = z.discriminatedUnion('kind', [ZManagedChangelog, ZManagedBlogPost, ZManagedKbSet]);
export type TManagedContent = z.infer<typeof ZManagedContent>;
