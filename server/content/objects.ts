import type { AnyContentKind, ContentRow } from './kind';
import { publicUrls } from './urls';

/** The public object of a published row, which always has a slug and a published_at. */
export function toPublic<P>(kind: AnyContentKind<P>, row: ContentRow): P {
  return { ...kind.fields(row), slug: row.slug!, published_at: row.publishedAt!.toISOString() } as P;
}

/** An item as its authors see it, drafts included: its fields, its title, then MANAGED_FIELDS. */
export function toManaged<M>(kind: AnyContentKind<unknown, M>, row: ContentRow): M {
  return {
    kind: kind.kind,
    ...kind.fields(row),
    title: kind.title(row),
    slug: row.slug,
    status: row.status,
    published_at: row.publishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    public_url: row.status === 'published' && row.slug ? publicUrls.page(kind.path, row.slug) : null,
    publish_at: row.publishAt?.toISOString() ?? null,
    publish_email_list_id: row.publishEmailListId,
  } as M;
}
