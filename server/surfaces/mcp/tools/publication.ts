import { z } from 'zod';
import { MANAGED_FIELDS, ZContentKind, ZKindIdInput } from '../../../content/schemas';
import { defineTool } from '../tool';

/** A changelog, blog post or KB set as its own get tool returns it: one object shape for the three kinds. */
const ZPublishedItem = z
  .object({
    kind: ZContentKind,
    id: z.uuid(),
    ...MANAGED_FIELDS,
  })
  .loose();

export const publicationTools = [
  defineTool({
    name: 'publish_content',
    title: 'Publish content',
    description: 'Publishes a changelog, blog post or KB set (kind and id). Returns the item with its public slug, which stays the same on republishing.',
    input: ZKindIdInput,
    output: ZPublishedItem,
    effect: { destructive: false, idempotent: true },
    run: (caller, input) => caller.content.publish(input),
  }),
  defineTool({
    name: 'unpublish_content',
    title: 'Unpublish content',
    description: 'Takes a changelog, blog post or KB set off its public page and feeds; it becomes a draft again.',
    input: ZKindIdInput,
    output: ZPublishedItem,
    effect: { destructive: true, idempotent: true },
    run: (caller, input) => caller.content.unpublish(input),
  }),
];
