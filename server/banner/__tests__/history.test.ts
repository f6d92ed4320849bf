import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { bannerReach } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { getBannerReach, listBannerHistory } from '@/server/banner/history';
import { MAX_PAGES_PER_PROJECT, OTHER_PAGES } from '@/server/banner/page-url';
import { publishBanner } from '@/server/banner/publish';
import { flushReach } from '@/server/banner/reach';
import { recordBannerEvent } from '@/server/banner/record-event';
import { getBannerState, setSiteOrigins } from '@/server/banner/state';
import { takeDownBanner } from '@/server/banner/take-down';
import { CLIENT_IP_HEADER, createContext } from '@/server/context';
import { createCaller } from '@/server/root';
import { createTestProject } from '@/tests/factories';
import { apiClient, randomClientIp, type TestServer } from '@/tests/http';
import { startRestServer } from '@/tests/rest-server';
import { startFastPathServer } from './servers';

let database: DatabaseHandle;
let rest: TestServer;
let fast: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  rest = await startRestServer();
  fast = await startFastPathServer();
});
afterAll(async () => {
  await Promise.all([rest.close(), fast.close()]);
  await database.close();
});

const CONTENT = { headline: 'Dark mode is here', body: 'Every page follows your theme.', cta_label: 'See it', link_url: 'https://example.com/dark' };

async function newProject() {
  const owner = await createTestProject(database.db);
  return { ...owner, ctx: { db: database.db, projectId: owner.project.id } };
}

/** A caller as the dashboard makes it: the member's session acting on the project. */
async function sessionCaller(userId: string, projectId: string) {
  const headers = new Headers({ [CLIENT_IP_HEADER]: randomClientIp() });
  return createCaller(await createContext({ headers, sessionUserId: userId, project: projectId }));
}

async function tokenCaller(token: string) {
  const headers = new Headers({ authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: randomClientIp() });
  return createCaller(await createContext({ headers }));
}

/** The widget's report, as the domain receives it. */
const report = (key: string, publishedAt: string, type: 'view' | 'click', pageUrl = 'https://acme.example/pricing?ref=x#top') =>
  recordBannerEvent({ db: database.db, input: { key, published_at: publishedAt, type, page_url: pageUrl } });

describe('history', () => {
  it('keeps every publish, newest first, with who published it: a person or an API key', async () => {
    const { user, project, token } = await newProject();
    const first = await (await sessionCaller(user.id, project.id)).banner.publish({ ...CONTENT, headline: 'First' });
    const second = await (await tokenCaller(token)).banner.publish({ ...CONTENT, headline: 'Second' });
    const { items } = await listBannerHistory({ ctx: { db: database.db, projectId: project.id }, input: { limit: 20 } });
    expect(items.map((entry) => [entry.banner.headline, entry.live, entry.published_by.kind])).toEqual([
      ['Second', true, 'api_key'],
      ['First', false, 'person'],
    ]);
    expect(items[0]!.published_by).toEqual({ kind: 'api_key', name: 'test', person: user.email });
    expect(items[1]!.published_by).toEqual({ kind: 'person', name: user.email, person: user.email });
    expect(items.map((entry) => entry.banner.published_at)).toEqual([second.published_at, first.published_at]);
  });

  it('republishes an earlier banner as a new live entry that points back to it; another project cannot', async () => {
    const { token, ctx } = await newProject();
    const caller = await tokenCaller(token);
    await caller.banner.publish({ ...CONTENT, headline: 'Old news', badge: '' });
    await caller.banner.publish({ ...CONTENT, headline: 'Newer' });
    const old = (await caller.banner.history({ limit: 20 })).items.find((entry) => entry.banner.headline === 'Old news')!;
    const again = await caller.banner.publish({ republish_id: old.id });
    expect(again).toMatchObject({ headline: 'Old news', badge: '', link_url: CONTENT.link_url, expires_at: null });
    expect(Date.parse(again.published_at!)).toBeGreaterThan(Date.parse(old.banner.published_at!));
    const { items } = await listBannerHistory({ ctx, input: { limit: 20 } });
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ live: true, republished_from_id: old.id, published_by: { kind: 'api_key' } });

    const stranger = await tokenCaller((await newProject()).token);
    await expect(stranger.banner.publish({ republish_id: old.id })).rejects.toThrow('Banner not found');
    await expect(stranger.banner.reach({ banner_id: old.id })).rejects.toThrow('Banner not found');
  });

  it('refuses republish_id together with banner fields, and banner fields without a headline', async () => {
    const caller = await tokenCaller((await newProject()).token);
    await expect(caller.banner.publish({ republish_id: crypto.randomUUID(), headline: 'Both' })).rejects.toThrow(/Not allowed with republish_id/);
    await expect(caller.banner.publish({ body: 'No headline.', cta_label: '' })).rejects.toThrow(/Headline is required/);
    await expect(caller.banner.publish({ republish_id: 'not-a-uuid' })).rejects.toThrow(/republish_id/);
  });
});

describe('reach (impressions and clicks reported by the widget)', () => {
  it('counts views and clicks per banner and page, drops query and fragment, and links only the project\'s own sites', async () => {
    const { ctx } = await newProject();
    const banner = await publishBanner({ ctx, input: CONTENT });
    await setSiteOrigins({ ctx, input: { site_origins: ['https://acme.example'] } });
    for (let i = 0; i < 3; i++) expect(await report(banner.slug, banner.published_at!, 'view')).toEqual({ counted: true });
    await report(banner.slug, banner.published_at!, 'click');
    await report(banner.slug, banner.published_at!, 'view', 'https://evil.example/phish');
    await flushReach(database.db);
    await report(banner.slug, banner.published_at!, 'view');
    await flushReach(database.db);

    const state = await getBannerState({ ctx });
    expect(state.history[0]).toMatchObject({ impressions: 5, clicks: 1 });
    expect(state.reach_pages.map(({ url, host, trusted, impressions, clicks }) => ({ url, host, trusted, impressions, clicks }))).toEqual([
      { url: 'https://acme.example/pricing', host: 'acme.example', trusted: true, impressions: 4, clicks: 1 },
      { url: 'https://evil.example/phish', host: 'evil.example', trusted: false, impressions: 1, clicks: 0 },
    ]);
  });

  it('ignores reports naming another published_at, a taken-down banner, an unknown key or a page that is not http(s)', async () => {
    const { ctx } = await newProject();
    const first = await publishBanner({ ctx, input: CONTENT });
    const second = await publishBanner({ ctx, input: { ...CONTENT, headline: 'Second' } });
    expect(await report(first.slug, first.published_at!, 'view')).toEqual({ counted: false });
    expect(await report(second.slug, second.published_at!, 'view', 'javascript:alert(1)')).toEqual({ counted: false });
    expect(await report(second.slug, second.published_at!, 'view', 'https://user:pw@acme.example/')).toEqual({ counted: false });
    expect(await report('no-such-banner-key', second.published_at!, 'view')).toEqual({ counted: false });
    await takeDownBanner({ ctx, input: {} });
    expect(await report(second.slug, second.published_at!, 'click')).toEqual({ counted: false });
    await flushReach(database.db);
    expect(await database.db.select().from(bannerReach).where(eq(bannerReach.projectId, ctx.projectId))).toEqual([]);
  });

  it('keeps at most the cap of distinct pages per project, across its banners; the rest count as other pages', async () => {
    const { ctx } = await newProject();
    const old = await publishBanner({ ctx, input: CONTENT });
    const { items } = await listBannerHistory({ ctx, input: { limit: 1 } });
    await database.db.insert(bannerReach).values(
      Array.from({ length: MAX_PAGES_PER_PROJECT - 1 }, (_, i) => ({ projectId: ctx.projectId, bannerId: items[0]!.id, pageUrl: `https://acme.example/${i}`, impressions: 1 })),
    );
    const live = await publishBanner({ ctx, input: { ...CONTENT, headline: 'Live' } });
    expect(old.slug).toBe(live.slug);
    for (const page of ['https://acme.example/0', 'https://new.example/a', 'https://new.example/b', 'https://new.example/c']) {
      await report(live.slug, live.published_at!, 'view', page);
    }
    await flushReach(database.db);
    const reach = await getBannerReach({ ctx, input: { banner_id: (await listBannerHistory({ ctx, input: { limit: 1 } })).items[0]!.id } });
    expect(reach.pages.map((page) => [page.url, page.impressions]).sort()).toEqual([
      [OTHER_PAGES, 2],
      ['https://acme.example/0', 1],
      ['https://new.example/a', 1],
    ]);
    expect(reach.pages.find((page) => page.url === OTHER_PAGES)).toMatchObject({ host: OTHER_PAGES, trusted: false });
  });
});

describe('REST', () => {
  it('GET /banner/history, GET /banner/history/{id} and POST .../republish work with a token and stay in its project', async () => {
    const { token, ctx } = await newProject();
    const banner = await publishBanner({ ctx, input: CONTENT });
    const api = apiClient(rest.url, { token });
    const history = await api('GET', '/api/v1/banner/history?limit=5');
    expect(history.status).toBe(200);
    expect(history.json.items).toHaveLength(1);
    const id = history.json.items[0].id as string;
    expect(history.json.items[0]).toMatchObject({ banner, live: true, impressions: 0, clicks: 0, published_by: { kind: 'unknown' } });

    await report(banner.slug, banner.published_at!, 'view');
    await flushReach(database.db);
    const reach = await api('GET', `/api/v1/banner/history/${id}`);
    expect(reach.status).toBe(200);
    expect(reach.json).toMatchObject({ id, impressions: 1, pages: [{ host: 'acme.example', impressions: 1, clicks: 0, trusted: false }] });

    const again = await api('POST', `/api/v1/banner/history/${id}/republish`);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ headline: CONTENT.headline, slug: banner.slug });
    expect(again.json.published_at).not.toBe(banner.published_at);
    expect((await api('GET', '/api/v1/banner/history')).json.items[0]).toMatchObject({ republished_from_id: id, published_by: { kind: 'api_key', name: 'test' } });

    const stranger = apiClient(rest.url, { token: (await newProject()).token });
    expect((await stranger('GET', `/api/v1/banner/history/${id}`)).json).toEqual({ detail: 'Banner not found' });
    expect((await stranger('POST', `/api/v1/banner/history/${id}/republish`)).status).toBe(404);
    expect((await api('GET', '/api/v1/banner/history?limit=101')).status).toBe(422);
    expect((await api('GET', '/api/v1/banner/history/not-a-uuid')).status).toBe(422);
  });

  it('POST /banner/events answers any origin without a token; bad reports get 422, never 500', async () => {
    const { ctx } = await newProject();
    const banner = await publishBanner({ ctx, input: CONTENT });
    const anonymous = apiClient(rest.url);
    const ok = await anonymous('POST', '/api/v1/banner/events', { key: banner.slug, published_at: banner.published_at, type: 'click', page_url: 'https://acme.example/' });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ counted: true });
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    const bad = await anonymous('POST', '/api/v1/banner/events', { key: banner.slug, published_at: 'yesterday', type: 'hover', page_url: 'x'.repeat(3000) });
    expect(bad.status).toBe(422);
    expect(bad.json.detail.map((issue: { loc: string[] }) => issue.loc.join('.')).sort()).toEqual(['body.page_url', 'body.published_at', 'body.type']);
    expect(bad.headers.get('access-control-allow-origin')).toBe('*');
    expect(bad.headers.get('set-cookie')).toBeNull();
  });

  it('the fast path answers the preflight of the widget\'s JSON reports, without counting it against the limit', async () => {
    const res = await fetch(`${fast.url}/api/v1/banner/events`, { method: 'OPTIONS', headers: { origin: 'https://acme.example', 'access-control-request-method': 'POST' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type');
    expect(res.headers.get('ratelimit-limit')).toBeNull();
  });
});
