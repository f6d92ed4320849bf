import { cached } from './cache';
import type { PublicScope } from './internal';
import { BLOG_POST, CHANGELOG, KB_SET } from './kinds';
import { linkText, oneLine } from './markdown-doc';
import { findProjectContent } from './project-content';
import type { TMarkdownDocument } from './schemas';
import { summaryOf } from './rendered';
import { publicUrls } from './urls';

interface Link {
  title: string;
  url: string;
  summary: string;
}

/**
 * `/pub/<project>/llms.txt` (llmstxt.org): the project's name, a summary line, then a section per kind
 * linking the markdown twin of every published item with a one-line summary. 404 like the project page.
 */
export function projectLlmsTxt({ ctx, input }: { ctx: PublicScope; input: { project: string } }): Promise<TMarkdownDocument> {
  return cached(`llms:${input.project}`, async () => {
    const { project, changelogs, posts, sets } = await findProjectContent(ctx.db, input.project);
    const sections: [string, Link[]][] = [
      [
        'Changelogs',
        changelogs.map(({ item, row }) => ({
          title: item.title,
          url: publicUrls.markdown(CHANGELOG.path, item.slug),
          summary: [item.version && `Version ${item.version}`, `published ${item.published_at.slice(0, 10)}`, summaryOf(row.rendered, item.content)]
            .filter(Boolean)
            .join(', '),
        })),
      ],
      [
        'Blog',
        posts.map(({ item, row }) => ({
          title: BLOG_POST.title(row),
          url: publicUrls.markdown(BLOG_POST.path, item.slug),
          summary: [`published ${item.published_at.slice(0, 10)}`, summaryOf(row.rendered, item.content)].filter(Boolean).join(', '),
        })),
      ],
      [
        'Knowledge base',
        sets.map(({ item, row }) => ({
          title: row.title,
          url: publicUrls.markdown(KB_SET.path, item.slug),
          summary: `${row.articles.length} ${row.articles.length === 1 ? 'article' : 'articles'}${categoriesOf(row.articles)}`,
        })),
      ],
    ];
    const name = oneLine(project.name);
    const lines = [`# ${name}`, '', `> What ${name} ships: its published changelogs, blog posts and help articles, each linked as markdown. Web pages: ${project.url}`];
    for (const [heading, links] of sections) {
      if (!links.length) continue;
      lines.push('', `## ${heading}`, '', ...links.map((link) => `- [${linkText(link.title)}](${link.url}): ${oneLine(link.summary)}`));
    }
    return { markdown: `${lines.join('\n')}\n` };
  });
}

function categoriesOf(articles: { category: string }[]): string {
  const names = [...new Set(articles.map((article) => article.category))];
  return names.length ? ` in ${names.join(', ')}` : '';
}
