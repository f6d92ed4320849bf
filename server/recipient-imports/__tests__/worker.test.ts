import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recipientImportChanges, recipientImports } from '@/db/schema';
import { emails, newList, setUpRestHarness, snapshot } from '@/server/recipients/__tests__/helpers';
import { applyImport } from '../apply';
import { claimNextImport, markProgress } from '../queue';
import { runImportJobs } from '../worker';
import { csvOf, upload } from './helpers';

const harness = setUpRestHarness();
type List = Awaited<ReturnType<typeof newList>>;

async function started(list: List, csv: string) {
  const job = await upload(list, csv);
  expect((await list.call('POST', `${list.base}/imports/${job.id}/start`)).status).toBe(202);
  return job.id as string;
}
const jobRow = async (id: string) => (await harness.db.select().from(recipientImports).where(eq(recipientImports.id, id)))[0]!;

describe('the import worker', () => {
  it('two workers racing over one job apply it once', async () => {
    const list = await newList(harness);
    const id = await started(list, csvOf(...emails('race', 200).map((e) => `${e},,,,,,`)));
    const round = () => runImportJobs(harness.handle, { projects: [list.projectId] });
    const rounds = await Promise.all([round(), round(), round()]);
    expect(rounds.flat().filter((x) => x === id)).toEqual([id]);
    expect(await snapshot(harness.db, list.listId)).toHaveLength(200);
    const changes = await harness.db.select().from(recipientImportChanges).where(eq(recipientImportChanges.importId, id));
    expect(changes).toHaveLength(200);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, processed: 200 });
  });

  it('two applies of one claim at once: the second finds the job done and writes nothing', async () => {
    const list = await newList(harness);
    const id = await started(list, csvOf(...emails('twice', 50).map((e) => `${e},,,,,,`)));
    const claim = (await claimNextImport(harness.db, 300, false, [list.projectId]))!;
    expect(claim.id).toBe(id);
    const results = await Promise.all([applyImport(harness.db, claim, async () => {}), applyImport(harness.db, claim, async () => {})]);
    expect(results.sort()).toEqual([false, true]);
    expect(await snapshot(harness.db, list.listId)).toHaveLength(50);
  });

  it('picks up a job whose worker died (lease over), and nothing of the dead attempt is left', async () => {
    const list = await newList(harness);
    const id = await started(list, csvOf(...emails('crash', 20).map((e) => `${e},,,,,,`)));
    const dead = (await claimNextImport(harness.db, 300, false, [list.projectId]))!;
    // the process died inside its transaction: rolled back, so only the claim remains
    await harness.db.update(recipientImports).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(recipientImports.id, id));
    expect(await runImportJobs(harness.handle, { projects: [list.projectId] })).toContain(id);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    // the dead worker waking up finds its claim gone
    expect(await applyImport(harness.db, dead, async () => {})).toBe(false);
    expect(await snapshot(harness.db, list.listId)).toHaveLength(20);
  });

  it('fails a job whose workers died three times, writing nothing', async () => {
    const list = await newList(harness);
    const id = await started(list, 'email\nthrice@example.test');
    await harness.db.update(recipientImports).set({ status: 'running', attempts: 3, leaseUntil: sql`now() - interval '1 second'` }).where(eq(recipientImports.id, id));
    await runImportJobs(harness.handle, { projects: [list.projectId] });
    expect(await jobRow(id)).toMatchObject({ status: 'failed', error: 'The server stopped 3 times while applying this import; nothing of it was written' });
    expect(await snapshot(harness.db, list.listId)).toEqual([]);
  });

  it('reports progress in steps up to every row', async () => {
    const list = await newList(harness);
    await list.call('POST', `${list.base}/recipients`, { emails: emails('step', 400) });
    const id = await started(list, csvOf(...emails('step', 400).map((e, i) => `${e},Name ${i},,${i < 100 ? 'removed' : ''},,,`), ...emails('fresh', 100).map((e) => `${e},,,,,,`)));
    const claim = (await claimNextImport(harness.db, 300, false, [list.projectId]))!;
    expect(claim.id).toBe(id);
    const seen: number[] = [];
    await applyImport(harness.db, claim, async (n) => void seen.push(n));
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(500);
  });

  it('on PostgreSQL, a poll from outside the transaction sees the progress while the import runs', async () => {
    if (harness.handle.kind !== 'postgres') return; // PGlite has one connection, which the transaction holds
    const list = await newList(harness);
    // 500 removed come back while 500 active leave: 1000 writes in two steps, never past the cap
    await list.call('POST', `${list.base}/recipients`, { emails: emails('back', 500) });
    await list.call('POST', `${list.base}/recipients/remove`, { emails: emails('back', 500) });
    await list.call('POST', `${list.base}/recipients`, { emails: emails('leave', 500) });
    const id = await started(list, csvOf(...emails('back', 500).map((e) => `${e},,,active,,,`), ...emails('leave', 500).map((e) => `${e},,,removed,,,`)));
    const claim = (await claimNextImport(harness.db, 300, false, [list.projectId]))!;
    const seen: number[] = [];
    await applyImport(harness.db, claim, async (n) => {
      await markProgress(harness.db, claim, n, 60);
      const polled = await list.call('GET', `${list.base}/imports/${id}?limit=1`);
      seen.push(polled.json.processed);
      expect(polled.json.status).toBe('running');
    });
    expect(seen).toEqual([500, 1000]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', processed: 1000 });
  });

  it('on PostgreSQL, a worker whose claim was taken over while it applied writes nothing and leaves the job to the new claim', async () => {
    if (harness.handle.kind !== 'postgres') return; // the takeover needs a second connection
    const list = await newList(harness);
    const id = await started(list, csvOf(...emails('lapse', 400).map((e) => `${e},,,,,,`)));
    const slow = (await claimNextImport(harness.db, 300, false, [list.projectId]))!;
    let taken = false;
    // its lease lapsed during a step: another instance claimed the job meanwhile
    const applied = applyImport(harness.db, slow, async () => {
      if (taken) return;
      taken = true;
      await harness.db.update(recipientImports).set({ leaseUntil: sql`now() - interval '1 second'` }).where(eq(recipientImports.id, id));
      expect((await claimNextImport(harness.db, 300, false, [list.projectId]))?.id).toBe(id);
    });
    await expect(applied).rejects.toThrow();
    expect(await snapshot(harness.db, list.listId)).toEqual([]);
    expect(await harness.db.select().from(recipientImportChanges).where(eq(recipientImportChanges.importId, id))).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 2 });
  });
});
