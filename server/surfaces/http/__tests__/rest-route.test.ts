import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { REST_ROUTE_PATH, REST_URL_HEADER, routeToRestSurface } from '../rest-route';

function routed(url: string, headers: Record<string, string> = {}) {
  const req = { url, headers: { ...headers } } as unknown as IncomingMessage;
  routeToRestSurface(req);
  return { url: req.url, asked: req.headers[REST_URL_HEADER] };
}

describe('routeToRestSurface', () => {
  it('hands every /api/v1 URL to the static REST route with the asked URL, query included', () => {
    expect(routed('/api/v1/email/lists/abc/recipients?limit=5&q=a%20b')).toEqual({ url: REST_ROUTE_PATH, asked: '/api/v1/email/lists/abc/recipients?limit=5&q=a%20b' });
    expect(routed('/api/v1')).toEqual({ url: REST_ROUTE_PATH, asked: '/api/v1' });
    expect(routed('/api/v1?x=1')).toEqual({ url: REST_ROUTE_PATH, asked: '/api/v1?x=1' });
  });

  it('hands the pages’ markdown twins to it, and leaves the pages themselves to Next', () => {
    expect(routed('/changelog/autumn-release.md')).toEqual({ url: REST_ROUTE_PATH, asked: '/changelog/autumn-release.md' });
    expect(routed('/kb/help.md?v=2').asked).toBe('/kb/help.md?v=2');
    expect(routed('/changelog/autumn-release')).toEqual({ url: '/changelog/autumn-release', asked: undefined });
    expect(routed('/docs/readme.md')).toEqual({ url: '/docs/readme.md', asked: undefined });
  });

  it('leaves a trailing slash to Next, whose 308 to the URL without it then comes back here', () => {
    expect(routed('/api/v1/health/')).toEqual({ url: '/api/v1/health/', asked: undefined });
    expect(routed('/api/v1/email/lists/?limit=5')).toEqual({ url: '/api/v1/email/lists/?limit=5', asked: undefined });
    expect(routed('/api/v1/')).toEqual({ url: '/api/v1/', asked: undefined });
  });

  it('leaves look-alike paths alone', () => {
    expect(routed('/api/v10/health')).toEqual({ url: '/api/v10/health', asked: undefined });
    expect(routed('/api/v1x')).toEqual({ url: '/api/v1x', asked: undefined });
    expect(routed('/api/trpc/projects.list')).toEqual({ url: '/api/trpc/projects.list', asked: undefined });
  });

  it('drops a client’s own copy of the header, so no one can choose what the REST entry reads', () => {
    expect(routed('/dashboard', { [REST_URL_HEADER]: '/api/v1/me' })).toEqual({ url: '/dashboard', asked: undefined });
    expect(routed('/api/v1/health', { [REST_URL_HEADER]: '/api/v1/me' }).asked).toBe('/api/v1/health');
  });
});
