import { ZIdInput, ZStatusFilter } from '../../../content/schemas';
import { ZManagedChangelog, ZSaveChangelogInput } from '../../../content/changelogs/schemas';
import { defineTool, itemsOf } from '../tool';

export const changelogTools = [
  defineTool({
    name: 'list_changelogs',
    title: 'List changelogs',
    description: 'The changelogs of the project, drafts and published; filter with status (draft or published).',
    input: ZStatusFilter,
    output: itemsOf(ZManagedChangelog),
    effect: 'read',
    run: async (caller, input) => ({ items: await caller.changelogs.manage.list(input) }),
  }),
  defineTool({
    name: 'get_changelog',
    title: 'Get changelog',
    description: 'One changelog of the project by id, with its markdown content.',
    input: ZIdInput,
    output: ZManagedChangelog,
    effect: 'read',
    run: (caller, input) => caller.changelogs.manage.get(input),
  }),
  defineTool({
    name: 'save_changelog',
    title: 'Save changelog',
    description:
      'Creates a draft changelog (no id) or updates one (with id). content is markdown: ## headings as categories with list items as entries. Publish it with publish_content.',
    input: ZSaveChangelogInput,
    output: ZManagedChangelog,
    effect: { destructive: true, idempotent: false },
    run: (caller, input) => caller.changelogs.manage.save(input),
  }),
];
