import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { AppError } from '@/server/errors';
import { createList } from '@/server/mailing-lists/create';
import { getList } from '@/server/mailing-lists/get';
import { createProject } from '@/server/projects/create';
import { createTestUser } from '@/tests/factories';
import { addRecipients } from '../add';
import { removeRecipients } from '../remove-batch';
import type { TRecipientEntry } from '../schemas';
import { upsertRecipients } from '../upsert';
import { emails, snapshot, unsubscribe } from './helpers';

// Random sequences of add, upsert, remove and unsubscribe on a list kept near the 500 cap: the four
// counts always agree with the rows, active never passes 500, and every result adds up.
let handle: DatabaseHandle;
let ownerId: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  ownerId = (await createTestUser(handle.db)).id;
});
afterAll(() => handle.close());

const FILLER = 494;
let refusals = 0;
const address = fc.constantFrom(...emails('p', 14)).chain((e) => fc.constantFrom(e, e.toUpperCase(), ` ${e}`));
const externalId = fc.constantFrom('x1', 'x2', 'x3', 'x4', 'x5');
const entry: fc.Arbitrary<TRecipientEntry> = fc.oneof(
  address,
  fc.constant('not-an-address'),
  fc.record(
    {
      email: address,
      name: fc.constantFrom('Ada', 'Grace', '', null),
      external_id: externalId,
      attributes: fc.constantFrom<Record<string, string | number | boolean | null>[]>({}, { plan: 'pro' }, { plan: 'free', seats: 2 }, { plan: null, vip: true }),
    },
    { requiredKeys: ['email'] },
  ),
);
const op = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), emails: fc.array(fc.oneof(address, fc.constant('bad')), { minLength: 1, maxLength: 12 }) }),
  fc.record({ kind: fc.constant('upsert' as const), entries: fc.array(entry, { minLength: 1, maxLength: 12 }) }),
  fc.record({
    kind: fc.constant('remove' as const),
    emails: fc.array(address, { maxLength: 6 }),
    external_ids: fc.array(externalId, { maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant('unsubscribe' as const), emails: fc.array(address, { minLength: 1, maxLength: 3 }) }),
);

async function counts(ctx: { db: DatabaseHandle['db']; projectId: string }, listId: string) {
  const list = await getList({ ctx, input: { list_id: listId } });
  const rows = await snapshot(ctx.db, listId);
  const byStatus = (s: string) => rows.filter((r) => r.status === s).length;
  expect(list).toMatchObject({
    recipient_count: rows.length,
    active_count: byStatus('active'),
    removed_count: byStatus('removed'),
    unsubscribed_count: byStatus('unsubscribed'),
  });
  expect(list.active_count).toBeLessThanOrEqual(500);
  return { list, rows };
}

async function refusedForCap<T>(run: () => Promise<T>): Promise<T | 'refused'> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.code === 'LIMIT') {
      refusals++;
      return 'refused';
    }
    throw error;
  }
}

it('keeps the four counts consistent with the rows and never exceeds 500 active', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
      const project = await createProject(handle.db, { name: `Property ${randomUUID().slice(0, 6)}`, ownerId });
      const ctx = { db: handle.db, projectId: project.id };
      const { id: listId } = await createList({ ctx, input: { name: 'Property list' } });
      await upsertRecipients({ ctx, input: { list_id: listId, recipients: emails('filler', FILLER) } });

      for (const step of ops) {
        const before = await counts(ctx, listId);
        const unsubscribedBefore = before.rows.filter((r) => r.status === 'unsubscribed');
        let expectedActiveDelta: number | undefined;
        if (step.kind === 'add') {
          const res = await refusedForCap(() => addRecipients({ ctx, input: { list_id: listId, emails: step.emails } }));
          if (res !== 'refused') {
            expectedActiveDelta = res.added;
            expect(res.invalid).toEqual(step.emails.includes('bad') ? ['bad'] : []);
          }
        } else if (step.kind === 'upsert') {
          const input = { list_id: listId, recipients: step.entries };
          const res = await refusedForCap(() => upsertRecipients({ ctx, input }));
          if (res !== 'refused') {
            expectedActiveDelta = res.added + res.reactivated;
            const after = await snapshot(ctx.db, listId);
            expect(after.length).toBe(before.rows.length + res.added);
            // repeating the same payload is harmless
            const again = await upsertRecipients({ ctx, input });
            expect([again.added, again.updated, again.reactivated]).toEqual([0, 0, 0]);
            expect(await snapshot(ctx.db, listId)).toEqual(after);
          }
        } else if (step.kind === 'remove') {
          if (step.emails.length + step.external_ids.length === 0) continue;
          const res = await removeRecipients({ ctx, input: { list_id: listId, ...step } });
          expectedActiveDelta = 0 - res.removed || 0;
        } else {
          await unsubscribe(ctx.db, listId, step.emails.map((e) => e.trim().toLowerCase()));
        }

        const after = await counts(ctx, listId);
        if (expectedActiveDelta === undefined && step.kind !== 'unsubscribe') {
          expect(after.rows, 'a refused batch writes nothing').toEqual(before.rows);
        }
        if (expectedActiveDelta !== undefined) expect(after.list.active_count - before.list.active_count).toBe(expectedActiveDelta);
        // nothing but the unsubscribe link touches an unsubscribed recipient; no row ever disappears
        for (const row of unsubscribedBefore) expect(after.rows.find((r) => r.id === row.id)).toEqual(row);
        expect(after.rows.length).toBeGreaterThanOrEqual(before.rows.length);
      }
    }),
    // the first example reaches the cap for sure: 494 + 14 new addresses
    { numRuns: Number(process.env.FC_RUNS ?? 30), examples: [[[{ kind: 'add', emails: emails('p', 14) }]]] },
  );
  // the runs did reach the cap, so the refusal path was exercised too
  expect(refusals).toBeGreaterThan(0);
}, 600_000);
