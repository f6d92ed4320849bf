import { publicProcedure, router } from '../../trpc';
import { KB_SET } from '../kinds';
import { authoringRouter, publishedItemProcedure } from '../procedures';
import { ZSlugInput } from '../schemas';
import { kbSetPage } from './public';
import { saveKbSet } from './save';
import { ZKbSet, ZKbSetPage, ZManagedKbSet, ZSaveKbSetInput } from './schemas';

export const kbSetsRouter = router({
  get: publishedItemProcedure(KB_SET, ZKbSet, '/kb/{public_slug}', 'knowledge-base article set'),
  /** the public web page */
  page: publicProcedure.input(ZSlugInput).output(ZKbSetPage).query(({ ctx, input }) => kbSetPage({ ctx, input })),
  manage: authoringRouter(KB_SET, ZManagedKbSet, ZSaveKbSetInput, saveKbSet),
});
