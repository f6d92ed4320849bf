import { memberProcedure, projectProcedure, publicProcedure, router } from '../trpc';
import { addSuppression } from './add';
import { listSuppressions } from './list';
import { removeSuppression } from './remove';
import {
  ZAddSuppressionInput, ZBounceDelivery, ZBounceDeliveryResult, ZBounceWebhookSettings, ZListSuppressionsInput, ZProviderInput,
  ZRemoveSuppressionInput, ZSetBounceSecretInput, ZSuppression, ZSuppressionPage,
} from './schemas';
import { receiveBounceDelivery } from './webhooks/receive';
import { getBounceWebhooks, removeBounceSecret, setBounceSecret } from './webhooks/settings';

const tags = ['Suppressions'];
const path = '/email/suppressions';

/** The project's suppression list (REST and dashboard) and the providers' bounce webhooks. */
export const suppressionsRouter = router({
  list: projectProcedure
    .meta({ openapi: { method: 'GET', path, tags, summary: 'Addresses release emails skip, by address' }, rateLimit: 'read', errors: [400] })
    .input(ZListSuppressionsInput)
    .output(ZSuppressionPage)
    .query(({ ctx, input }) => listSuppressions({ ctx, input })),
  add: projectProcedure
    .meta({ openapi: { method: 'POST', path, tags, summary: 'Suppress an address by hand (reason manual)' }, rateLimit: 'write', errors: [400] })
    .input(ZAddSuppressionInput)
    .output(ZSuppression)
    .mutation(({ ctx, input }) => addSuppression({ ctx: { ...ctx, via: ctx.actor.kind === 'project' ? ctx.actor.via : undefined }, input })),
  remove: projectProcedure
    .meta({ openapi: { method: 'POST', path: `${path}/remove`, tags, summary: 'Take an address off the list, with a reason' }, rateLimit: 'write', errors: [400, 404] })
    .input(ZRemoveSuppressionInput)
    .output(ZSuppression)
    .mutation(({ ctx, input }) => removeSuppression({ ctx, input })),

  webhooks: router({
    receive: publicProcedure.input(ZBounceDelivery).output(ZBounceDeliveryResult).mutation(({ ctx, input }) => receiveBounceDelivery({ ctx, input })),
    get: memberProcedure.output(ZBounceWebhookSettings).query(({ ctx }) => getBounceWebhooks({ ctx })),
    setSecret: memberProcedure.input(ZSetBounceSecretInput).output(ZBounceWebhookSettings).mutation(({ ctx, input }) => setBounceSecret({ ctx, input })),
    removeSecret: memberProcedure.input(ZProviderInput).output(ZBounceWebhookSettings).mutation(({ ctx, input }) => removeBounceSecret({ ctx, input })),
  }),
});
