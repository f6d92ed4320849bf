import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { answerBannerRequest } from '@/server/banner/answer';
import { publishBanner } from '@/server/banner/publish';
import { getBannerState } from '@/server/banner/state';
import { cancelTakeDown, takeDownBanner } from '@/server/banner/take-down';
import { createProject } from '@/server/projects/create';
import { createTestUser } from '@/tests/factories';

let database: DatabaseHandle;
let ownerId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  ownerId = (await createTestUser(database.db)).id;
});
afterAll(async () => {
  await database.close();
});

type Op =
  | { op: 'publish' }
  | { op: 'takeDown'; inMs: number | null }
  | { op: 'cancel' }
  | { op: 'wait'; ms: number };

const ops = fc.array(
  fc.oneof(
    fc.constant<Op>({ op: 'publish' }),
    fc.record({ op: fc.constant('takeDown' as const), inMs: fc.option(fc.integer({ min: -5_000, max: 20_000 })) }),
    fc.constant<Op>({ op: 'cancel' }),
    fc.record({ op: fc.constant('wait' as const), ms: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 15_000 })) }),
  ),
  { maxLength: 10 },
);

/**
 * For every sequence of publishes, take-downs (now, past or scheduled), cancels and waits, `/banner`
 * serves exactly the newest publish while it is live, `published_at` always moves forward, the slug never changes.
 */
it('serves exactly what the model says is live, whatever the sequence', async () => {
  await fc.assert(
    fc.asyncProperty(ops, async (sequence) => {
      const project = await createProject(database.db, { name: 'Property', ownerId });
      const ctx = { db: database.db, projectId: project.id };
      const { slug } = await getBannerState({ ctx });
      let t = Date.now();
      let model: { publishedAt: number; expiresAt: number | null } | null = null;
      const live = () => model !== null && (model.expiresAt === null || t < model.expiresAt);

      for (const step of sequence) {
        const now = new Date(t);
        if (step.op === 'wait') t += step.ms;
        else if (step.op === 'publish') {
          const banner = await publishBanner({ ctx, input: { headline: 'h', body: 'b', cta_label: '' }, now });
          const publishedAt = Math.max(t, model ? model.publishedAt + 1 : 0);
          expect(banner.published_at).toBe(new Date(publishedAt).toISOString());
          expect(banner.slug).toBe(slug);
          model = { publishedAt, expiresAt: null };
        } else {
          const at = step.op === 'takeDown' && step.inMs !== null ? new Date(t + step.inMs).toISOString() : undefined;
          const call = step.op === 'cancel' ? cancelTakeDown({ ctx, now }) : takeDownBanner({ ctx, input: { at }, now });
          if (!live()) {
            await expect(call).rejects.toMatchObject({ code: 'NOT_FOUND' });
            continue;
          }
          await call;
          model!.expiresAt = step.op === 'cancel' ? null : Math.max(t, at ? Date.parse(at) : t);
        }
        const answer = await answerBannerRequest(database.db, { authorization: null, key: slug, pageUrl: null }, t);
        expect(answer.status).toBe(live() ? 200 : 404);
        if (live()) expect(answer.banner!.published_at).toBe(new Date(model!.publishedAt).toISOString());
      }
    }),
    { numRuns: 25 },
  );
});
