import { eq } from 'drizzle-orm';
import { projects } from '@/db/schema';
import type { SendContentKind } from '@/db/schema';
import { AppError } from '../errors';
import type { ProjectScope } from '../auth/actor';
import { firstHeading } from '../markdown/structure';
import { renderMarkdown } from '../markdown/render';
import { withAbsoluteLinks } from '../markdown/sanitize';
import { markdownToText } from '../markdown/text';
import { escapeHtml } from '../email/html';
import type { FrozenItem } from '../release-emails/render';
import { getItem } from './get';
import { BLOG_POST, CHANGELOG } from './kinds';

/** A published changelog or blog post of the project, rendered for email; drafts are refused. */
export async function freezeItem(ctx: ProjectScope, kind: SendContentKind, id: string): Promise<Omit<FrozenItem, 'listName'>> {
  const item = kind === 'changelog' ? await getItem(CHANGELOG, { ctx, input: { id } }) : await getItem(BLOG_POST, { ctx, input: { id } });
  const label = kind === 'changelog' ? 'changelog' : 'blog post';
  if (item.status !== 'published' || !item.public_url) throw new AppError('BAD_REQUEST', `Only a published ${label} can be sent; publish it first`);
  const [project] = await ctx.db.select({ name: projects.name }).from(projects).where(eq(projects.id, ctx.projectId));
  // a changelog's title lives outside its markdown: show it as the heading unless the markdown has one
  const heading = kind === 'changelog' && !firstHeading(item.content, 1) ? item.title : null;
  const version = item.kind === 'changelog' ? item.version : null;
  const subject = version && !item.title.includes(version) ? `${item.title} (${version})` : item.title;
  return {
    subject,
    fromName: project?.name ?? 'Shipnote',
    publicUrl: item.public_url,
    // a mail client has no page to resolve a relative link against
    bodyHtml: (heading ? `<h1>${escapeHtml(heading)}</h1>\n` : '') + withAbsoluteLinks(renderMarkdown(item.content), item.public_url),
    bodyText: (heading ? `${heading}\n\n` : '') + markdownToText(item.content),
  };
}
