import { eq } from 'drizzle-orm';
import postgres from 'postgres';
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

  // two instances flush a project's new pages at the same moment: without taking turns, both would count
  // the same room and fill it twice (a slow flush made certain here by holding one page row's lock)
  it.skipIf(!process.env.DATABASE_URL)('keeps the cap when two instances flush at once', async () => {
    const { project } = await createTestProject(database.db);
    const source = sourceOf(project.id);
    const known = 'https://site.example/known';
    recordPageView(source, known);
    await flushPageViews(database.db);

    const holder = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} }); // one holds the lock, one watches
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const rowLocked = new Promise<void>((resolve) => (locked = resolve));
    const holding = holder.begin(async (tx) => {
      await tx`select 1 from banner_page_views where project_id = ${project.id} and page_url = ${known} for update`;
      locked();
      await released;
    });
    try {
      await rowLocked;
      // each flush takes the views pending when it starts, as each instance flushes its own
      const flushes = ['a', 'b'].map((instance) => {
        recordPageView(source, known);
        for (let i = 0; i < MAX_PAGES_PER_PROJECT; i++) recordPageView(source, `https://site.example/${instance}/${i}`);
        return flushPageViews(database.db);
      });
      await waitForLockWaiters(holder, 2);
      release();
      await holding;
      await Promise.all(flushes);
    } finally {
      release();
      await holder.end({ timeout: 1 });
    }
    const rows = await database.db.select().from(bannerPageViews).where(eq(bannerPageViews.projectId, project.id));
    expect(rows.length).toBeLessThanOrEqual(MAX_PAGES_PER_PROJECT + 1);
    expect(rows.reduce((sum, row) => sum + row.views, 0)).toBe(3 + 2 * MAX_PAGES_PER_PROJECT);
  });
});

/** Until `count` sessions of this database wait on a lock (both flushes blocked), at most 5 s. */
async function waitForLockWaiters(sql: postgres.Sql, count: number) {
  for (let i = 0; i < 100; i++) {
    const [waiting] = await sql<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
    if (waiting!.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
