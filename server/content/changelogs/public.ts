import type { Database } from '@/db/client';
import { renderMarkdown } from '../../markdown/render';
import { excerpt } from '../../markdown/structure';
import { AppError } from '../../errors';
import { cached } from '../cache';
import { findPublished } from '../items';
import { CHANGELOG } from '../kinds';
import { publicUrls } from '../urls';
import type { TChangelogPage } from './schemas';

/** The public page of a changelog: the object, its project and the rendered, sanitized body. */
export function changelogPage({ ctx, input }: { ctx: { db: Database }; input: { public_slug: string } }): Promise<TChangelogPage> {
  return cached(`changelog-page:${input.public_slug}`, async () => {
    const found = await findPublished(CHANGELOG, ctx.db, input.public_slug);
    if (!found) throw new AppError('NOT_FOUND', `${CHANGELOG.label} not found`);
    return {
      changelog: found.item,
      project: found.project,
      description: excerpt(found.item.content, 200) || found.item.title,
      html: renderMarkdown(found.item.content),
      feed_url: publicUrls.changelogFeed(input.public_slug),
    };
  });
}
