import * as rest from '@/app/api/v1/[...path]/route';
import * as openApi from '@/app/api/v1/openapi.json/route';
import * as recipientsCsv from '@/app/api/v1/email/lists/[list_id]/recipients/export.csv/route';
import * as feeds from '@/app/api/v1/blogs/feed/route';
import * as githubWebhook from '@/app/api/webhooks/github/[project]/route';
import { isFeedPath } from '@/server/surfaces/rest/feeds';
import { startTestServer, type Routes } from './http';

/** The REST surface as the app mounts it, served over real HTTP. Later domains add their routes here. */
export const REST_ROUTES: Routes = [
  // Next serves this static segment before the catch-all
  ['/api/v1/email/lists/', (req) => dispatch(/\/recipients\/export\.csv(\?|$)/.test(req.url) ? recipientsCsv : rest, req)],
  // RSS feeds: their `feed` route handlers come before the catch-all (all three share one handler)
  ['/api/v1/changelog/', (req) => dispatch(isFeedPath(new URL(req.url).pathname) ? feeds : rest, req)],
  ['/api/v1/blog', (req) => dispatch(isFeedPath(new URL(req.url).pathname) ? feeds : rest, req)],
  ['/api/v1/openapi.json', (req) => dispatch(openApi, req)],
  ['/api/v1/', (req) => dispatch(rest, req)],
  // GitHub push webhooks: one URL per project (its slug), outside the versioned API
  ['/api/webhooks/github/', (req) => {
    const project = decodeURIComponent(new URL(req.url).pathname.split('/')[4] ?? '');
    return req.method === 'POST' ? githubWebhook.POST(req, { params: Promise.resolve({ project }) }) : dispatch({}, req);
  }],
];

export function startRestServer() {
  return startTestServer(REST_ROUTES);
}

type RouteModule = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD', (req: Request) => Promise<Response> | Response>>;

/** Calls the exported method handler of a route module, as Next would. */
export function dispatch(module: RouteModule, req: Request) {
  const handler = module[req.method as keyof RouteModule];
  return handler ? handler(req) : Response.json({ detail: 'Method Not Allowed' }, { status: 405 });
}
