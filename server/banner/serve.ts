import type { Context } from '../context';
import { AppError } from '../errors';
import { answerBannerRequest } from './answer';
import { NO_LIVE_BANNER } from './internal';
import type { TBanner, TBannerQuery } from './schemas';

/**
 * `GET /banner` as a procedure (its OpenAPI operation, tRPC callers): the same domain answer the HTTP
 * surfaces serve, without their caching headers.
 */
export async function serveBanner({ ctx, input }: { ctx: Context; input: TBannerQuery }): Promise<TBanner> {
  const answer = await answerBannerRequest(ctx.db, {
    authorization: ctx.headers.get('authorization'),
    key: input.key,
    pageUrl: ctx.headers.get('x-service-page-url'),
  });
  if (!answer.banner) throw new AppError('NOT_FOUND', NO_LIVE_BANNER);
  return answer.banner;
}
