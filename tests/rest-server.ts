import * as rest from '@/app/api/v1/route';
import * as bounceWebhook from '@/app/api/webhooks/email/[provider]/[project]/route';
import * as githubWebhook from '@/app/api/webhooks/github/[project]/route';
import { startTestServer, type Routes } from './http';

/** The REST surface as the app mounts it, served over real HTTP. Later domains add their routes here. */
export const REST_ROUTES: Routes = [
  ['/api/v1/', (req) => dispatch(rest, req)],
  // GitHub push webhooks: one URL per project (its slug), outside the versioned API
  ['/api/webhooks/github/', (req) => {
    const project = decodeURIComponent(new URL(req.url).pathname.split('/')[4] ?? '');
    return req.method === 'POST' ? githubWebhook.POST(req, { params: Promise.resolve({ project }) }) : dispatch({}, req);
  }],
  // bounce and complaint webhooks of email providers: one URL per provider and project
  ['/api/webhooks/email/', (req) => {
    const [provider, project] = new URL(req.url).pathname.split('/').slice(4, 6).map((part) => decodeURIComponent(part ?? ''));
    return req.method === 'POST' ? bounceWebhook.POST(req, { params: Promise.resolve({ provider: provider ?? '', project: project ?? '' }) }) : dispatch({}, req);
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
