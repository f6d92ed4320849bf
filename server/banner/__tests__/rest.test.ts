import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { createApiToken } from '@/server/api-tokens/create';
import { revokeApiToken } from '@/server/api-tokens/revoke';
import { invalidateBannerCache } from '@/server/banner/cache';
import { publishBanner } from '@/server/banner/publish';
import { flushPageViews } from '@/server/banner/page-url';
import { getBannerState, setSiteOrigins } from '@/server/banner/state';
import { takeDownBanner } from '@/server/banner/take-down';
import { manualClock, setClock } from '@/server/clock';
import { createTestProject } from '@/tests/factories';
import { apiClient, insideOneRateWindow } from '@/tests/http';
import { startSurfaces, type Surface } from './servers';

let database: DatabaseHandle;
let surfaces: Surface[];

beforeAll(async () => {
  database = await openTestDatabase();
  surfaces = await startSurfaces();
});
afterAll(async () => {
  await Promise.all(surfaces.map((s) => s.server.close()));
  await database.close();
});

const CONTENT = { headline: 'Dark mode is here', body: 'Every page now follows your system theme.', cta_label: 'See what changed' };

/** A new project with one published banner; returns what a caller needs to ask for it. */
async function projectWithBanner(input: Partial<typeof CONTENT & { link_url: string | null; badge: string }> = {}) {
  const { project, user, token } = await createTestProject(database.db);
  const ctx = { db: database.db, projectId: project.id };
  const banner = await publishBanner({ ctx, input: { ...CONTENT, link_url: 'https://example.com/changelog', ...input } });
  return { project, user, token, ctx, banner };
}

describe.each([0, 1])('GET /banner (surface %i)', (index) => {
  const surface = () => surfaces[index]!;
  const call = (options: { token?: string; ip?: string } = {}) => apiClient(surface().server.url, options);

  describe('happy', () => {
    it('answers the token project\'s live banner with the spec fields, an ETag and private caching', async () => {
      const { token, banner } = await projectWithBanner();
      const res = await call({ token })('GET', '/api/v1/banner');
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual([
        'slug', 'headline', 'body', 'cta_label', 'badge', 'link_url', 'period_start', 'period_end', 'published_at', 'expires_at', 'commit_count',
      ]);
      expect(res.json).toEqual({ ...banner, badge: 'New', expires_at: null, commit_count: null });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      expect(res.headers.get('cache-control')).toBe('private, max-age=10, stale-while-revalidate=60');
      expect(res.headers.get('vary')).toBe('Authorization');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('ratelimit-limit')).toBe('100');
      expect(res.headers.get('ratelimit-remaining')).toBe('99');
    });

    it('answers the banner of ?key=<slug> without a token, cacheable by CDNs', async () => {
      const { banner } = await projectWithBanner();
      const res = await call()('GET', `/api/v1/banner?key=${banner.slug}`);
      expect(res.status).toBe(200);
      expect(res.json.headline).toBe(CONTENT.headline);
      expect(res.headers.get('cache-control')).toBe('public, max-age=10, stale-while-revalidate=60');
    });

    it('answers the operator\'s banner without a token or key (OPERATOR_PROJECT)', async () => {
      const { project, banner } = await projectWithBanner({ headline: 'Operator news' });
      process.env.OPERATOR_PROJECT = project.slug;
      invalidateBannerCache();
      try {
        const res = await call()('GET', '/api/v1/banner');
        expect(res.status).toBe(200);
        expect(res.json).toEqual(banner);
      } finally {
        delete process.env.OPERATOR_PROJECT;
        invalidateBannerCache();
      }
    });

    it('serves the newest publish with the same slug and a new published_at and ETag', async () => {
      const { token, ctx, banner: first } = await projectWithBanner();
      const before = await call({ token })('GET', '/api/v1/banner');
      const second = await publishBanner({ ctx, input: { headline: 'Second', body: 'Replaces the first.', cta_label: '', link_url: null, badge: '' } });
      const after = await call({ token })('GET', '/api/v1/banner');
      expect(after.json).toEqual(second);
      expect(after.json).toMatchObject({ slug: first.slug, headline: 'Second', badge: '', link_url: null });
      expect(after.json.published_at > first.published_at!).toBe(true);
      expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    });

    it('answers 304 to a matching If-None-Match (fast path) or 200 with the same ETag (REST route)', async () => {
      const { token } = await projectWithBanner();
      const client = call({ token });
      const first = await client('GET', '/api/v1/banner');
      const etag = first.headers.get('etag')!;
      const again = await client('GET', '/api/v1/banner', undefined, { 'if-none-match': `W/${etag}, "other"` });
      expect(again.headers.get('etag')).toBe(etag);
      if (surface().conditional) {
        expect(again.status).toBe(304);
        expect(again.text).toBe('');
        expect(again.headers.get('cache-control')).toBe('private, max-age=10, stale-while-revalidate=60');
        expect(again.headers.get('ratelimit-remaining')).toBe('98');
      } else {
        expect(again.status).toBe(200);
      }
      const stale = await client('GET', '/api/v1/banner', undefined, { 'if-none-match': '"something-else"' });
      expect(stale.status).toBe(200);
    });

    it('counts views per page (no query or fragment), ignores non-http(s) URLs, and links only the project\'s own sites', async () => {
      const { token, ctx } = await projectWithBanner();
      const view = (url: string) => call({ token })('GET', '/api/v1/banner', undefined, { 'x-service-page-url': url });
      for (const url of ['javascript:alert(1)', 'data:text/html,x', 'https://shop.example/pricing?utm_source=x#top', 'https://shop.example/pricing', 'https://evil.example/phish']) {
        expect((await view(url)).status).toBe(200);
      }
      await flushPageViews(database.db);
      let state = await getBannerState({ ctx });
      expect(state.pages.map((p) => [p.url, p.views, p.trusted])).toEqual([
        ['https://shop.example/pricing', 2, false],
        ['https://evil.example/phish', 1, false],
      ]);
      expect(state.pages[1]!.host).toBe('evil.example');
      await setSiteOrigins({ ctx, input: { site_origins: ['https://shop.example'] } });
      await view('https://shop.example/pricing');
      await flushPageViews(database.db);
      state = await getBannerState({ ctx });
      expect(state.pages.map((p) => [p.url, p.views, p.trusted])).toEqual([
        ['https://shop.example/pricing', 3, true],
        ['https://evil.example/phish', 1, false],
      ]);
    });
  });

  describe('empty state and take-down', () => {
    it('answers 404 {"detail"} when nothing was ever published, still cacheable', async () => {
      const { token } = await createTestProject(database.db);
      const res = await call({ token })('GET', '/api/v1/banner');
      expect(res.status).toBe(404);
      expect(res.text).toBe('{"detail":"No banner is live"}');
      expect(res.headers.get('cache-control')).toBe('private, max-age=10, stale-while-revalidate=60');
      expect(res.headers.get('etag')).toBeNull();
    });

    it('answers 404 for an unknown key', async () => {
      const res = await call()('GET', '/api/v1/banner?key=no-such-banner-anywhere');
      expect(res.status).toBe(404);
    });

    it('stops serving at once after a take-down in this process', async () => {
      const { token, ctx } = await projectWithBanner();
      expect((await call({ token })('GET', '/api/v1/banner')).status).toBe(200);
      await takeDownBanner({ ctx, input: {} });
      expect((await call({ token })('GET', '/api/v1/banner')).status).toBe(404);
    });

    it('serves until a scheduled take-down and not a moment after, even from the cache', async () => {
      const { token, ctx } = await projectWithBanner();
      const time = manualClock();
      setClock(time);
      try {
        const at = new Date(time.now() + 1500).toISOString();
        await takeDownBanner({ ctx, input: { at } });
        const live = await call({ token })('GET', '/api/v1/banner');
        expect(live.status).toBe(200);
        expect(live.json.expires_at).toBe(at);
        // no cache may keep it past expires_at
        expect(live.headers.get('cache-control')).toMatch(/^private, max-age=[01], stale-while-revalidate=0$/);
        time.advance(1499);
        expect((await call({ token })('GET', '/api/v1/banner')).status).toBe(200);
        // the answer cached a moment ago must not outlive the take-down
        time.advance(2);
        expect((await call({ token })('GET', '/api/v1/banner')).status).toBe(404);
      } finally {
        setClock(undefined);
      }
    });
  });

  describe('errors', () => {
    it.each([
      ['an uppercase key', '?key=Bad_Key'],
      ['an empty key', '?key='],
      ['a repeated key', '?key=a&key=b'],
    ])('answers 422 with the location of the bad query for %s', async (_, query) => {
      const res = await call()('GET', `/api/v1/banner${query}`);
      expect(res.status).toBe(422);
      expect(res.json.detail[0].loc).toEqual(['query', 'key']);
      expect(Object.keys(res.json.detail[0])).toEqual(['loc', 'msg', 'type']);
    });

    it.each([
      ['an unknown token', 'Bearer service_key_unknown'],
      ['a malformed header', 'Token abc'],
    ])('answers 401 for %s, as other token routes do', async (_, authorization) => {
      const { banner } = await projectWithBanner();
      const res = await call()('GET', `/api/v1/banner?key=${banner.slug}`, undefined, { authorization });
      expect(res.status).toBe(401);
      expect(res.text).toBe('{"detail":"Invalid or expired token"}');
    });

    it('answers 429 with Retry-After after 100 requests a minute from one client', async () => {
      await insideOneRateWindow();
      const { banner } = await projectWithBanner();
      const client = call();
      for (let i = 0; i < 100; i++) expect((await client('GET', `/api/v1/banner?key=${banner.slug}`)).status).toBe(200);
      const limited = await client('GET', `/api/v1/banner?key=${banner.slug}`);
      expect(limited.status).toBe(429);
      expect(Object.keys(limited.json)).toEqual(['detail']);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    });
  });

  describe('security', () => {
    it('a token only ever reads its own project, whatever key it sends', async () => {
      const a = await projectWithBanner({ headline: 'Project A' });
      const b = await projectWithBanner({ headline: 'Project B' });
      const res = await call({ token: a.token })('GET', `/api/v1/banner?key=${b.banner.slug}`);
      expect(res.json.headline).toBe('Project A');
    });

    it('refuses a revoked token', async () => {
      const { project, user, banner } = await projectWithBanner();
      const created = await createApiToken(database.db, { projectId: project.id, userId: user.id, name: 'gone' });
      await revokeApiToken(database.db, { projectId: project.id, tokenId: created.id });
      const res = await call({ token: created.token })('GET', `/api/v1/banner?key=${banner.slug}`);
      expect(res.status).toBe(401);
    });

    it('returns markup in fields as plain JSON strings', async () => {
      const headline = '<img src=x onerror=alert(1)>';
      const { token } = await projectWithBanner({ headline });
      expect((await call({ token })('GET', '/api/v1/banner')).json.headline).toBe(headline);
    });
  });
});

type Res = Awaited<ReturnType<ReturnType<typeof apiClient>>>;

describe('both surfaces', () => {
  it('answer byte for byte the same bodies and statuses', async () => {
    const { token, banner } = await projectWithBanner();
    const cases: [string, Record<string, string>][] = [
      ['/api/v1/banner', { authorization: `Bearer ${token}` }],
      [`/api/v1/banner?key=${banner.slug}`, {}],
      ['/api/v1/banner?key=nobody-here', {}],
      ['/api/v1/banner?key=NOPE', {}],
      ['/api/v1/banner', { authorization: 'Bearer service_key_nope' }],
      // a NUL in a parameter /banner does not read: refused by both, and counted as any request is
      [`/api/v1/banner?key=${banner.slug}&utm=%00`, {}],
      ['/api/v1/banner?%ED%A0%80=1', {}],
      // a key the parsed query would lose to its prototype
      ['/api/v1/banner?__proto__=1', {}],
      [`/api/v1/banner?key=${banner.slug}&__proto__=x`, {}],
    ];
    for (const [path, headers] of cases) {
      const [rest, fast] = (await Promise.all(surfaces.map((s) => apiClient(s.server.url)('GET', path, undefined, headers)))) as [Res, Res];
      expect(fast.status, path).toBe(rest.status);
      expect(fast.text, path).toBe(rest.text);
      for (const name of ['etag', 'cache-control', 'vary', 'access-control-allow-origin', 'ratelimit-limit']) {
        expect(fast.headers.get(name), `${path} ${name}`).toBe(rest.headers.get(name));
      }
      expect(fast.headers.get('ratelimit-limit'), `${path}: counted`).not.toBeNull();
    }
  });

  it('the fast path answers HEAD with the headers of GET and no body', async () => {
    const { banner } = await projectWithBanner();
    const fast = surfaces.find((s) => s.name === 'fast path')!;
    const get = await fetch(`${fast.server.url}/api/v1/banner?key=${banner.slug}`);
    const head = await fetch(`${fast.server.url}/api/v1/banner?key=${banner.slug}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(head.headers.get('content-length')).toBe(String((await get.arrayBuffer()).byteLength));
    expect(await head.text()).toBe('');
  });

  it('the fast path answers the CORS preflight the widget triggers', async () => {
    const fast = surfaces.find((s) => s.name === 'fast path')!;
    const res = await fetch(`${fast.server.url}/api/v1/banner?key=x`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-service-page-url' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/X-Service-Page-Url/);
  });
});
