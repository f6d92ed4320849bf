import { z } from 'zod';
import { memberProcedure, projectProcedure, publicProcedure, router } from '../trpc';
import { getBannerState, setSiteOrigins } from './state';
import { publishBanner } from './publish';
import { ZBanner, ZBannerQuery, ZBannerState, ZPublishBannerInput, ZSetSiteOriginsInput, ZTakeDownInput } from './schemas';
import { serveBanner } from './serve';
import { cancelTakeDown, takeDownBanner } from './take-down';

const LIVE_DESCRIPTION =
  'With `Authorization: Bearer <token>` the token project\'s live banner (`private` caching); without, the banner of ' +
  '`key` (the banner slug the widget sends as `data-service-key`), else the operator\'s banner (`public` caching). ' +
  'Answers carry `ETag`, `Cache-Control` and `Vary: Authorization`; `If-None-Match` gets 304. 404 is the normal empty state.';

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
  publish: projectProcedure.input(ZPublishBannerInput).output(ZBanner).mutation(({ ctx, input }) => publishBanner({ ctx, input })),
  takeDown: projectProcedure.input(ZTakeDownInput).output(ZBanner).mutation(({ ctx, input }) => takeDownBanner({ ctx, input })),

  setSiteOrigins: memberProcedure.input(ZSetSiteOriginsInput).output(ZBannerState).mutation(({ ctx, input }) => setSiteOrigins({ ctx, input })),
  cancelTakeDown: projectProcedure.output(ZBanner).mutation(({ ctx }) => cancelTakeDown({ ctx })),
});
