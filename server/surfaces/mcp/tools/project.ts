import { ZProjectOverview } from '../../../projects/schemas';
import { defineTool, noInput } from '../tool';

export const projectTools = [
  defineTool({
    name: 'get_project',
    title: 'Get project',
    description: "The project this connection is scoped to: name, slug, public URLs and how many changelogs, blog posts, knowledge-base sets and mailing lists it holds.",
    input: noInput,
    output: ZProjectOverview,
    effect: 'read',
    run: (caller) => caller.projects.current(),
  }),
];
