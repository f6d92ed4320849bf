import { cached } from './cache';
import type { AnyContentKind } from './kind';
import type { PublicScope } from './internal';
import { findPublishedOrThrow } from './public-get';
import type { TMarkdownDocument } from './schemas';

/** `/<path>/<slug>.md`: the markdown twin of a published item's page, for agents; cached like the page. */
export function itemMarkdown(kind: AnyContentKind, { ctx, input }: { ctx: PublicScope; input: { public_slug: string } }): Promise<TMarkdownDocument> {
  return cached(`${kind.kind}-md:${input.public_slug}`, async () => ({ markdown: kind.markdown(await findPublishedOrThrow(kind, ctx.db, input.public_slug)) }));
}
