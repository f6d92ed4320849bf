import { ZCommitList, ZGenerateChangelogInput, ZGeneratedChangelog, ZListCommitsInput } from '../../../commits/schemas';
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
    description:
      'Creates a draft changelog from the commits of a window (since and until, YYYY-MM-DD) with commit_count and the period set; review it, then publish_content. ' +
      'With include_kb_set: true it also creates a draft knowledge-base set from the same commits (one article per feature or breaking change, scope as category, migration notes for breaking changes), returned as kb_set; review it with get_kb_set/save_kb_set, then publish_content with kind kb_set.',
    input: ZGenerateChangelogInput,
    output: ZGeneratedChangelog,
    effect: { destructive: false, idempotent: false },
    run: (caller, input) => caller.commits.generateChangelog(input),
  }),
];
