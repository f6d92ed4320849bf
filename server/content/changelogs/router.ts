import { publicProcedure, router } from '../../trpc';
import { changelogFeed } from '../feeds/changelog-feed';
import { ZFeed } from '../feeds/schemas';
import { CHANGELOG } from '../kinds';
import { authoringRouter, publishedItemProcedure, publishedListProcedure } from '../procedures';
import { ZSlugInput } from '../schemas';
import { changelogPage } from './public';
import { saveChangelog } from './save';
import { ZChangelog, ZChangelogPage, ZManagedChangelog, ZSaveChangelogInput } from './schemas';

export const changelogsRouter = router({
  list: publishedListProcedure(CHANGELOG, ZChangelog, '/changelogs', 'changelogs'),
  get: publishedItemProcedure(CHANGELOG, ZChangelog, '/changelog/{public_slug}', 'changelog'),
  /** RSS of GET /changelog/{public_slug}/feed (surfaces/rest/raw-routes.ts) */
  feed: publicProcedure.input(ZSlugInput).output(ZFeed).query(({ ctx, input }) => changelogFeed({ ctx, input })),
  /** the public web page */
  page: publicProcedure.input(ZSlugInput).output(ZChangelogPage).query(({ ctx, input }) => changelogPage({ ctx, input })),
  manage: authoringRouter(CHANGELOG, ZManagedChangelog, ZSaveChangelogInput, saveChangelog),
});
