import { ZManagedChangelog } from '../../../content/kinds/changelog-schemas';
import { ZCommitList, ZListCommitsInput, ZWindowInput } from '../../../commits/schemas';
import { defineTool } from '../tool';

export const commitTools = [
  defineTool({
    name: 'list_commits',
    title: 'List commits',
    description: 'Commits recorded for the project, newest first, optionally within since/until (YYYY-MM-DD, inclusive).',
    input: ZListCommitsInput,
    output: ZCommitList,
    effect: 'read',
    run: (caller, input) => caller.commits.list(input),
  }),
  defineTool({
    name: 'generate_changelog',
    title: 'Generate changelog',
    description: 'Creates a draft changelog from the commits of a window (since and until, YYYY-MM-DD) with commit_count and the period set; review it, then publish_content.',
    input: ZWindowInput,
    output: ZManagedChangelog,
    effect: { destructive: false, idempotent: false },
    run: (caller, input) => caller.commits.generateChangelog(input),
  }),
];
