import { z } from 'zod';
import { memberProcedure, projectProcedure, publicProcedure, router } from '../trpc';
import { getBannerState, setSiteOrigins } from './state';
import { getBannerReach, listBannerHistory } from './history';
import { publishBanner } from './publish';
import { publishedByActor } from './publisher';
import { recordBannerEvent } from './record-event';
import { republishBanner } from './republish';
import {
  ZBanner, ZBannerEventInput, ZBannerEventResult, ZBannerHistory, ZBannerHistoryQuery, ZBannerIdInput, ZBannerQuery, ZBannerReach,
  ZBannerState, ZPublishBannerInput, ZSetSiteOriginsInput, ZTakeDownInput,
} from './schemas';
import { serveBanner } from './serve';
import { cancelTakeDown, takeDownBanner } from './take-down';

const LIVE_DESCRIPTION =
  'With `Authorization: Bearer <token>` the token project\'s live banner (`private` caching); without, the banner of ' +
  '`key` (the banner slug the widget sends as `data-service-key`), else the operator\'s banner (`public` caching). ' +
  'Answers carry `ETag`, `Cache-Control` and `Vary: Authorization`; `If-None-Match` gets 304. 404 is the normal empty state.';

const REPUBLISH_DESCRIPTION =
  'A new history entry with the earlier banner\'s text and link becomes the live banner: a new `published_at` (visitors who ' +
  'dismissed it see it again), no take-down, its own impressions and clicks. 404 for an id not of the token\'s project.';
const EVENTS_DESCRIPTION =
  'Sent by the widget: `view` once per browser per `published_at`, `click` on the button. No cookies, nothing personal. ' +
  'Counted only for the live banner with that `published_at` on an http(s) page (else `counted: false`); counts are ' +
  'written in batches every few seconds, at most 1,000 distinct pages per project. 100 reports a minute per client IP.';

export const bannerRouter = router({
  live: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/banner',
        tags: ['Banner'],
        summary: 'The live banner',
        description: LIVE_DESCRIPTION,
        protect: false,
        requestHeaders: z.object({
          'x-service-page-url': z.string().optional().meta({ description: 'The page the banner is rendered on (http or https URL)' }),
        }),
      },
      errors: [401, 404],
    })
    .input(ZBannerQuery)
    .output(ZBanner)
    .query(({ ctx, input }) => serveBanner({ ctx, input })),

  // the dashboard editor and the MCP tools get_banner, publish_banner and take_down_banner (decisions.md)
  get: projectProcedure.input(z.void()).output(ZBannerState).query(({ ctx }) => getBannerState({ ctx })),
  publish: projectProcedure
    .input(ZPublishBannerInput)
    .output(ZBanner)
    .mutation(({ ctx, input }) => publishBanner({ ctx, input, by: publishedByActor(ctx.actor) })),
  takeDown: projectProcedure.input(ZTakeDownInput).output(ZBanner).mutation(({ ctx, input }) => takeDownBanner({ ctx, input })),

  history: projectProcedure
    .meta({
      openapi: { method: 'GET', path: '/banner/history', tags: ['Banner'], summary: 'Published banners, newest first, with who published them and their reach' },
      rateLimit: 'read',
    })
    .input(ZBannerHistoryQuery)
    .output(ZBannerHistory)
    .query(({ ctx, input }) => listBannerHistory({ ctx, input })),
  reach: projectProcedure
    .meta({
      openapi: { method: 'GET', path: '/banner/history/{banner_id}', tags: ['Banner'], summary: 'One published banner with its impressions and clicks per page' },
      rateLimit: 'read',
      errors: [404],
    })
    .input(ZBannerIdInput)
    .output(ZBannerReach)
    .query(({ ctx, input }) => getBannerReach({ ctx, input })),
  republish: projectProcedure
    .meta({
      openapi: { method: 'POST', path: '/banner/history/{banner_id}/republish', tags: ['Banner'], summary: 'Publish an earlier banner again', description: REPUBLISH_DESCRIPTION },
      rateLimit: 'write',
      errors: [404],
    })
    .input(ZBannerIdInput)
    .output(ZBanner)
    .mutation(({ ctx, input }) => republishBanner({ ctx, input, by: publishedByActor(ctx.actor) })),
  recordEvent: publicProcedure
    .meta({
      openapi: { method: 'POST', path: '/banner/events', tags: ['Banner'], summary: "The widget's impression and click reports", description: EVENTS_DESCRIPTION, protect: false },
      rateLimit: 'bannerEvents',
      anyOrigin: true,
    })
    .input(ZBannerEventInput)
    .output(ZBannerEventResult)
    .mutation(({ ctx, input }) => recordBannerEvent({ db: ctx.db, input })),

  setSiteOrigins: memberProcedure.input(ZSetSiteOriginsInput).output(ZBannerState).mutation(({ ctx, input }) => setSiteOrigins({ ctx, input })),
  cancelTakeDown: projectProcedure.output(ZBanner).mutation(({ ctx }) => cancelTakeDown({ ctx })),
});
