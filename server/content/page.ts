import { cached } from './cache';
import type { AnyContentKind } from './kind';
import type { PublicScope } from './internal';
import { findPublishedOrThrow } from './public-get';

/** The public web page of a published item (/changelog/<slug>, /blog/<slug>, /kb/<slug>): what it shows, rendered. */
export function itemPage<P, Page>(kind: AnyContentKind<P, unknown, unknown, Page>, { ctx, input }: { ctx: PublicScope; input: { public_slug: string } }): Promise<Page> {
  return cached(`${kind.kind}-page:${input.public_slug}`, async () => kind.page(await findPublishedOrThrow(kind, ctx.db, input.public_slug)));
}
