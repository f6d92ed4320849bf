import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { projects } from '@/db/schema';
import { publishBanner } from '@/server/banner/publish';
import { getBannerState } from '@/server/banner/state';
import { cancelTakeDown, takeDownBanner } from '@/server/banner/take-down';
import { operatorProjectId } from '@/server/banner/source';
import { CLIENT_IP_HEADER, createContext } from '@/server/context';
import { createCaller } from '@/server/root';
import { createTestProject } from '@/tests/factories';
import { randomClientIp } from '@/tests/http';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const CONTENT = { headline: 'Faster search', body: 'Results now appear as you type.', cta_label: 'Try it', link_url: 'https://example.com/search' };

async function newProject() {
  const { project, user, token } = await createTestProject(database.db);
  return { project, user, token, ctx: { db: database.db, projectId: project.id } };
}

/** A tRPC caller as the MCP tools use it: a bearer token, from a client address of its own. */
async function tokenCaller(token: string) {
  const headers = new Headers({ authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: randomClientIp() });
  return createCaller(await createContext({ headers }));
}

describe('publishBanner', () => {
  it('defaults the badge to New, keeps an empty badge empty and a null link null, and collapses whitespace', async () => {
    const { ctx } = await newProject();
    const first = await publishBanner({ ctx, input: { ...CONTENT, headline: '  Faster\n  search ' } });
    expect(first).toMatchObject({ headline: 'Faster search', badge: 'New', link_url: 'https://example.com/search', expires_at: null });
    const second = await publishBanner({ ctx, input: { ...CONTENT, badge: '', link_url: null, period_start: '2025-03-01', period_end: '2025-03-31', commit_count: 42 } });
    expect(second).toMatchObject({ badge: '', link_url: null, period_start: '2025-03-01', period_end: '2025-03-31', commit_count: 42 });
    expect(second.slug).toBe(first.slug);
  });

  it('gives every publish a later published_at, even within the same millisecond', async () => {
    const { ctx } = await newProject();
    const now = new Date();
    const times: string[] = [];
    for (let i = 0; i < 4; i++) times.push((await publishBanner({ ctx, input: CONTENT, now })).published_at!);
    expect(new Set(times).size).toBe(4);
    expect([...times].sort()).toEqual(times);
  });

  it('keeps projects apart: each has its own slug and banner', async () => {
    const a = await newProject();
    const b = await newProject();
    const bannerA = await publishBanner({ ctx: a.ctx, input: { ...CONTENT, headline: 'A' } });
    const stateB = await getBannerState({ ctx: b.ctx });
    expect(stateB.status).toBe('none');
    expect(stateB.banner).toBeNull();
    expect(stateB.slug).not.toBe(bannerA.slug);
    expect(stateB.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('field limits (through the procedure the MCP tool calls)', () => {
  const cases: [string, Record<string, unknown>, boolean][] = [
    ['an 80 character headline', { headline: 'h'.repeat(80) }, true],
    ['an 81 character headline', { headline: 'h'.repeat(81) }, false],
    ['80 emoji as a headline', { headline: '🚀'.repeat(80) }, true],
    ['a blank headline', { headline: '   ' }, false],
    ['a 160 character body', { body: 'b'.repeat(160) }, true],
    ['a 161 character body', { body: 'b'.repeat(161) }, false],
    ['a 24 character label', { cta_label: 'c'.repeat(24) }, true],
    ['a 25 character label', { cta_label: 'c'.repeat(25) }, false],
    ['a 16 character badge', { badge: 'd'.repeat(16) }, true],
    ['a 17 character badge', { badge: 'd'.repeat(17) }, false],
    ['a javascript: link', { link_url: 'javascript:alert(1)' }, false],
    ['a relative link', { link_url: '/changelog' }, false],
    ['a link without a label', { cta_label: '' }, false],
    ['no link and no label', { cta_label: '', link_url: null }, true],
    ['a period that ends before it starts', { period_start: '2025-05-02', period_end: '2025-05-01' }, false],
    ['a period date that is not a day', { period_start: '2025-02-30' }, false],
    ['a negative commit count', { commit_count: -1 }, false],
  ];

  let caller: Awaited<ReturnType<typeof tokenCaller>>;
  beforeAll(async () => {
    caller = await tokenCaller((await newProject()).token);
  });

  it.each(cases)('%s', async (_, change, accepted) => {
    const result = caller.banner.publish({ ...CONTENT, ...change } as never);
    if (accepted) await expect(result).resolves.toMatchObject({ published_at: expect.any(String) });
    else await expect(result).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('get, publish and take down through the token procedures', async () => {
    const { token } = await newProject();
    const caller = await tokenCaller(token);
    expect(await caller.banner.get()).toMatchObject({ status: 'none', banner: null, pages: [], site_origins: [] });
    const published = await caller.banner.publish({ ...CONTENT });
    const state = await caller.banner.get();
    expect(state).toMatchObject({ status: 'live', banner: published, slug: published.slug });
    expect(state.embed_html).toContain(`data-service-key="${published.slug}"`);
    const down = await caller.banner.takeDown({});
    expect(down.expires_at).not.toBeNull();
    expect((await caller.banner.get()).status).toBe('taken_down');
    await expect(caller.banner.takeDown({})).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No banner is live' });
  });
});

describe('takeDownBanner', () => {
  it('schedules a take-down, moves it, and cancels it', async () => {
    const { ctx } = await newProject();
    await publishBanner({ ctx, input: CONTENT });
    const now = new Date();
    const at = new Date(now.getTime() + 3_600_000).toISOString();
    const earlier = new Date(now.getTime() + 60_000).toISOString();
    expect((await takeDownBanner({ ctx, input: { at: earlier }, now })).expires_at).toBe(earlier);
    expect((await takeDownBanner({ ctx, input: { at }, now })).expires_at).toBe(at);
    expect((await getBannerState({ ctx, now })).status).toBe('live');
    expect((await getBannerState({ ctx, now: new Date(Date.parse(at)) })).status).toBe('taken_down');
    expect((await cancelTakeDown({ ctx, now })).expires_at).toBeNull();
    expect((await getBannerState({ ctx, now: new Date(Date.parse(at) + 1) })).status).toBe('live');
  });

  it('treats a time in the past as now, and refuses when nothing is live', async () => {
    const { ctx } = await newProject();
    await expect(takeDownBanner({ ctx, input: {} })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await publishBanner({ ctx, input: CONTENT });
    const now = new Date();
    const down = await takeDownBanner({ ctx, input: { at: '2001-01-01T00:00:00Z' }, now });
    expect(down.expires_at).toBe(now.toISOString());
    await expect(cancelTakeDown({ ctx })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('never touches another project', async () => {
    const a = await newProject();
    const b = await newProject();
    await publishBanner({ ctx: a.ctx, input: CONTENT });
    await expect(takeDownBanner({ ctx: b.ctx, input: {} })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await getBannerState({ ctx: a.ctx })).status).toBe('live');
  });
});

describe('dashboard procedures', () => {
  it('refuse a project the signed-in user is not a member of, as not found', async () => {
    const mine = await newProject();
    const theirs = await newProject();
    await expect(createCaller(await createContext({ headers: new Headers(), sessionUserId: mine.user.id, project: theirs.project.id })).banner.get()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(createCaller(await createContext({ headers: new Headers(), sessionUserId: mine.user.id, project: theirs.project.id })).banner.publish({ ...CONTENT })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const published = await createCaller(await createContext({ headers: new Headers(), sessionUserId: mine.user.id, project: mine.project.id })).banner.publish({ ...CONTENT });
    expect((await createCaller(await createContext({ headers: new Headers(), sessionUserId: mine.user.id, project: mine.project.id })).banner.get()).banner).toEqual(published);
  });
});

describe('operator project', () => {
  it('is OPERATOR_PROJECT when set, and nothing when that names no project', async () => {
    const { project } = await newProject();
    process.env.OPERATOR_PROJECT = project.slug;
    try {
      expect(await operatorProjectId(database.db)).toBe(project.id);
      process.env.OPERATOR_PROJECT = 'no-such-project-slug';
      expect(await operatorProjectId(database.db)).toBeNull();
    } finally {
      delete process.env.OPERATOR_PROJECT;
    }
  });

  it('is otherwise the first project created', async () => {
    await newProject();
    const [first] = await database.db.select().from(projects).orderBy(asc(projects.createdAt), asc(projects.id)).limit(1);
    expect(await operatorProjectId(database.db)).toBe(first!.id);
  });
});
