import { ZIdInput, ZStatusFilter } from '../../../content/schemas';
import { ZManagedKbSet, ZSaveKbSetInput } from '../../../content/kb-sets/schemas';
import { defineTool, itemsOf } from '../tool';

export const kbSetTools = [
  defineTool({
    name: 'list_kb_sets',
    title: 'List knowledge-base sets',
    description: 'The knowledge-base article sets of the project, drafts and published; filter with status (draft or published).',
    input: ZStatusFilter,
    output: itemsOf(ZManagedKbSet),
    effect: 'read',
    run: async (caller, input) => ({ items: await caller.kbSets.manage.list(input) }),
  }),
  defineTool({
    name: 'get_kb_set',
    title: 'Get knowledge-base set',
    description: 'One knowledge-base article set by id; content is JSON with an articles array of {category, title, body}.',
    input: ZIdInput,
    output: ZManagedKbSet,
    effect: 'read',
    run: (caller, input) => caller.kbSets.manage.get(input),
  }),
  defineTool({
    name: 'save_kb_set',
    title: 'Save knowledge-base set',
    description: 'Creates a draft set (no id) or replaces the articles of one (with id). Each article is {category, title, body} with a markdown body.',
    input: ZSaveKbSetInput,
    output: ZManagedKbSet,
    effect: { destructive: true, idempotent: false },
    run: (caller, input) => caller.kbSets.manage.save(input),
  }),
];
