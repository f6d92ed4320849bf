import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { answerBannerRequest } from '@/server/banner/answer';
import { publishBanner } from '@/server/banner/publish';
import { takeDownBanner } from '@/server/banner/take-down';
import { createTestProject } from '@/tests/factories';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('reuses one answer per second toward a scheduled take-down, then one 404 after it', async () => {
  const { project } = await createTestProject(database.db);
  const ctx = { db: database.db, projectId: project.id };
  const banner = await publishBanner({ ctx, input: { headline: 'Sale ends soon', body: 'Until tonight.', cta_label: '', link_url: null } });
  const start = Date.now();
  const downAt = start + 3_500;
  await takeDownBanner({ ctx, input: { at: new Date(downAt).toISOString() } });
  const ask = (now: number) => answerBannerRequest(database.db, { authorization: null, key: banner.slug, pageUrl: null }, now);

  const first = await ask(start); // loads the source
  expect(first).toMatchObject({ status: 200, freshSeconds: 3, staleSeconds: 0 });
  // within the same second: the very same answer, so the HTTP surfaces build its headers once
  expect(ask(start + 100)).toBe(first);
  expect(ask(start + 400)).toBe(first);
  // a second later its lifetimes are shorter: a new answer, reused in turn
  const later = ask(start + 1_600);
  expect(later).not.toBe(first);
  expect(later).toMatchObject({ status: 200, freshSeconds: 1, staleSeconds: 0 });
  expect(ask(start + 1_700)).toBe(later);
  // past the take-down: a 404, never the live answer, and again one for every request
  const gone = ask(downAt + 1);
  expect(gone).toMatchObject({ status: 404, banner: null, freshSeconds: 10 });
  expect(ask(downAt + 200)).toBe(gone);
});
