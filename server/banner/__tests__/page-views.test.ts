import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { bannerPageViews } from '@/db/schema';
import { openTestDatabase } from '@/db/testing';
import { createTestProject } from '@/tests/factories';
import { flushPageViews, MAX_PAGES_PER_PROJECT, OTHER_PAGES, recordPageView } from '../page-url';
import type { BannerSource } from '../source';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const sourceOf = (projectId: string) => ({ projectId, banner: null, json: null, etag: null, expiresAtMs: null }) as BannerSource;

describe('banner page views', () => {
  it('a stranger sending made-up URLs fills at most the cap; the rest count as other pages', async () => {
    const { project } = await createTestProject(database.db);
    const source = sourceOf(project.id);
    for (let i = 0; i < 2 * MAX_PAGES_PER_PROJECT; i++) recordPageView(source, `https://random.example/${i}`);
    await flushPageViews(database.db);
    for (let i = 0; i < 50; i++) recordPageView(source, `https://more.example/${i}`);
    recordPageView(source, 'https://random.example/0');
    await flushPageViews(database.db);
    const rows = await database.db.select().from(bannerPageViews).where(eq(bannerPageViews.projectId, project.id));
    expect(rows.length).toBeLessThanOrEqual(MAX_PAGES_PER_PROJECT + 1);
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(2 * MAX_PAGES_PER_PROJECT + 51);
    expect(rows.find((row) => row.pageUrl === OTHER_PAGES)!.views).toBeGreaterThanOrEqual(MAX_PAGES_PER_PROJECT + 50);
    expect(rows.find((row) => row.pageUrl === 'https://random.example/0')!.views).toBe(2);
  });
});
