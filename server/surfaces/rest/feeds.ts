import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { createContext } from '../../context';
import { PUBLIC_CONTENT_CACHE, conditionalResponse } from '../../content/http-cache';
import { toSpecError } from './errors';
import { createCaller } from '../../root';
import type { TFeed } from '../../feeds/schemas';

type Caller = ReturnType<typeof createCaller>;

const FEEDS: [RegExp, (caller: Caller, match: RegExpExecArray, query: URLSearchParams) => Promise<TFeed>][] = [
  [/^\/api\/v1\/changelog\/([^/]+)\/feed$/, (caller, m) => caller.changelogs.feed({ public_slug: decode(m[1]!) })],
  [/^\/api\/v1\/blog\/([^/]+)\/feed$/, (caller, m) => caller.blogPosts.feed({ public_slug: decode(m[1]!) })],
  [
    /^\/api\/v1\/blogs\/feed$/,
    (caller, _, query) => caller.blogPosts.feedAll({ project: query.get('project') ?? undefined, limit: (query.get('limit') ?? undefined) as never }),
  ],
];

/** True for the paths the feed route handlers answer (the test server routes by it). */
export function isFeedPath(pathname: string): boolean {
  return FEEDS.some(([pattern]) => pattern.test(pathname));
}

/**
 * The RSS feeds of api-v1.md 4.2 as `application/xml`, through the same procedures, rate limits and
 * error bodies as the rest of the REST surface, with ETag, 304 and Cache-Control.
 */
export async function handleFeedRequest(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const feed = FEEDS.map(([pattern, run]) => [pattern.exec(url.pathname), run] as const).find(([match]) => match);
  if (!feed || (req.method !== 'GET' && req.method !== 'HEAD')) return Response.json({ detail: 'Not Found' }, { status: 404 });
  const resHeaders = new Headers();
  const caller = createCaller(await createContext({ headers: req.headers, resHeaders }));
  try {
    const { xml } = await feed[1](caller, feed[0]!, url.searchParams);
    resHeaders.set('Content-Type', 'application/xml');
    return conditionalResponse(req, xml, resHeaders, PUBLIC_CONTENT_CACHE);
  } catch (error) {
    const trpcError = error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
    const cause = trpcError.cause;
    const library = cause instanceof ZodError ? { issues: cause.issues } : { message: trpcError.message, data: { path: 'feed' } };
    const spec = toSpecError(getHTTPStatusCodeFromError(trpcError), library, 'GET');
    resHeaders.set('Content-Type', 'application/json');
    return new Response(JSON.stringify(spec.body), { status: spec.status, headers: resHeaders });
  }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // not valid percent-encoding: the slug rule answers 422
  }
}
