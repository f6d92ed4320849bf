import { logError } from '../log';
import { memberProcedure, publicProcedure, router } from '../trpc';
import { confirmSubscription, describeSubscription } from './confirm';
import { findPublicForm, formUrls } from './internal';
import { requestSubscription } from './request';
import {
  ZConfirmationToken,
  ZPublicForm,
  ZPublicFormInput,
  ZSetSubscribeFormInput,
  ZSubscribeFormSettings,
  ZSubscribeInput,
  ZSubscribeResult,
  ZSubscriptionState,
} from './schemas';
import { getSubscribeForm, setSubscribeForm } from './settings';

const SUBSCRIBE_DESCRIPTION = `The public subscribe form of a project, for your own pages and scripts (any origin may call it).
Answers 202 \`{"status":"check_email"}\` for every valid submission, whatever the address's state: a new or
removed address gets a confirmation email (at most one a day per address and list) and joins the list only
when the link's page is confirmed; active and unsubscribed addresses are left as they are. 404 when the
project has no subscribe form; 429 past 20 submissions a minute per client address.`;

export const subscriptionsRouter = router({
  subscribe: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/subscribe', tags: ['Subscribe'], summary: 'Subscribe an address to the list of a project\'s public form', description: SUBSCRIBE_DESCRIPTION, protect: false },
      rateLimit: 'subscribe',
      successStatus: 202,
      errors: [404],
      anyOrigin: true,
    })
    .input(ZSubscribeInput)
    .output(ZSubscribeResult)
    .mutation(async ({ ctx, input }) => {
      const { answer, delivery } = await requestSubscription({ ctx, input });
      // not awaited: a slow transport must not show in the answer or its timing
      void delivery?.catch((error) => logError('subscription confirmation email not sent', error));
      return answer;
    }),
  /** the public pages: whether to show the form beside the RSS link */
  publicForm: publicProcedure
    .input(ZPublicFormInput)
    .output(ZPublicForm)
    .query(async ({ ctx, input }) => ({ enabled: Boolean(await findPublicForm(ctx.db, input.project)), action_url: formUrls(input.project).action_url })),
  describe: publicProcedure.input(ZConfirmationToken).output(ZSubscriptionState).query(({ ctx, input }) => describeSubscription({ ctx, input })),
  confirm: publicProcedure
    .meta({ rateLimit: 'subscribe' })
    .input(ZConfirmationToken)
    .output(ZSubscriptionState)
    .mutation(({ ctx, input }) => confirmSubscription({ ctx, input })),

  form: memberProcedure.output(ZSubscribeFormSettings).query(({ ctx }) => getSubscribeForm({ ctx })),
  setForm: memberProcedure.input(ZSetSubscribeFormInput).output(ZSubscribeFormSettings).mutation(({ ctx, input }) => setSubscribeForm({ ctx, input })),
});
