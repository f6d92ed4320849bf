import { z } from 'zod';
import { nounsOf, type AnyContentKind } from '../../../content/kind';
import { BLOG_POST, CHANGELOG, KB_SET } from '../../../content/kinds';
import { ZManagedBlogPost } from '../../../content/kinds/blog-post-schemas';
import { ZManagedChangelog } from '../../../content/kinds/changelog-schemas';
import { ZManagedKbSet } from '../../../content/kinds/kb-set-schemas';
import { MANAGED_FIELDS, ZContentKind, ZIdInput, ZKindIdInput, ZPublishInput, ZStatusFilter, type TContentStatus } from '../../../content/schemas';
import { defineTool, itemsOf, itemsResult, type Caller } from '../tool';

/** The authoring procedures of one kind, `caller.<kinds>.manage`. */
interface Manage<M> {
  list(input: { status?: TContentStatus }): Promise<M[]>;
  get(input: { id: string }): Promise<M>;
  save(input: unknown): Promise<M>;
}

/**
 * list_<kind>s, get_<kind> and save_<kind>: names and titles come from the kind's descriptor, what
 * an agent is told about an item and about saving one from `describe`.
 */
function authoringTools<O extends z.ZodObject, I extends z.ZodType>(
  kind: AnyContentKind<unknown, unknown, unknown>,
  schemas: { managed: O; save: I },
  manage: (caller: Caller) => Manage<z.input<O>>,
  describe: { get: string; save: string },
) {
  const noun = kind.label.toLowerCase();
  return [
    defineTool({
      name: `list_${kind.kind}s`,
      title: `List ${noun}s`,
      description: `The ${nounsOf(kind).many} of the project, drafts and published; filter with status (draft or published).`,
      input: ZStatusFilter,
      output: itemsOf(schemas.managed),
      effect: 'read',
      run: async (caller, input) => itemsResult(await manage(caller).list(input)),
    }),
    defineTool({
      name: `get_${kind.kind}`,
      title: `Get ${noun}`,
      description: describe.get,
      input: ZIdInput,
      output: schemas.managed,
      effect: 'read',
      run: (caller, input) => manage(caller).get(input),
    }),
    defineTool({
      name: `save_${kind.kind}`,
      title: `Save ${noun}`,
      description: describe.save,
      input: schemas.save,
      output: schemas.managed,
      effect: { destructive: true, idempotent: false },
      run: (caller, input) => manage(caller).save(input),
    }),
  ];
}

/** A changelog, blog post or KB set as its own get tool returns it: one object shape for the three kinds. */
const ZPublishedItem = z
  .object({
    kind: ZContentKind,
    id: z.uuid(),
    ...MANAGED_FIELDS,
  })
  .loose();

/** Tools 4 to 14 of decisions.md "MCP tools", in its order. */
export const contentTools = [
  ...authoringTools(CHANGELOG, { managed: ZManagedChangelog, save: CHANGELOG.schemas.save }, (caller) => caller.changelogs.manage, {
    get: 'One changelog of the project by id, with its markdown content.',
    save: 'Creates a draft changelog (no id) or updates one (with id). content is markdown: ## headings as categories with list items as entries. Publish it with publish_content.',
  }),
  ...authoringTools(BLOG_POST, { managed: ZManagedBlogPost, save: BLOG_POST.schemas.save }, (caller) => caller.blogPosts.manage, {
    get: 'One blog post of the project by id, with its markdown content.',
    save: 'Creates a draft blog post (no id) or updates one (with id). content is markdown; its first level-1 heading is the title. Periods default to the day of creation.',
  }),
  ...authoringTools(KB_SET, { managed: ZManagedKbSet, save: KB_SET.schemas.save }, (caller) => caller.kbSets.manage, {
    get: 'One knowledge-base article set by id; content is JSON with an articles array of {category, title, body}.',
    save: 'Creates a draft set (no id) or replaces the articles of one (with id). Each article is {category, title, body} with a markdown body.',
  }),
  defineTool({
    name: 'publish_content',
    title: 'Publish content',
    description:
      'Publishes a changelog, blog post or KB set (kind and id). Returns the item with its public slug, which stays the same on republishing. ' +
      'With publish_at (ISO 8601, in the future) the draft is scheduled instead: it stays a draft, the returned item shows publish_at, and the server publishes it then. ' +
      'With email_list_id (changelogs and blog posts) the release email to that list is queued right after the publish.',
    input: ZPublishInput,
    output: ZPublishedItem,
    effect: { destructive: false, idempotent: true },
    run: (caller, input) => caller.content.publish(input),
  }),
  defineTool({
    name: 'unpublish_content',
    title: 'Unpublish content',
    description: 'Takes a changelog, blog post or KB set off its public page and feeds; it becomes a draft again. On a scheduled draft it cancels the schedule.',
    input: ZKindIdInput,
    output: ZPublishedItem,
    effect: { destructive: true, idempotent: true },
    run: (caller, input) => caller.content.unpublish(input),
  }),
];
