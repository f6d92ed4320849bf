import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/db/client';
import { openTestDatabase } from '@/db/testing';
import { manualClock, setClock } from '@/server/clock';
import { createTestProject } from '@/tests/factories';
import { publishDue } from '../publish-due';
import { startContentScheduler } from '../scheduler';
import { tokenCaller, type TokenCaller } from './helpers';

let database: DatabaseHandle;
let time: ReturnType<typeof manualClock>;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(() => {
  time = manualClock();
  setClock(time);
});
afterEach(() => setClock(undefined));

const MINUTE = 60_000;
const inMinutes = (n: number) => new Date(time.now() + n * MINUTE).toISOString();

async function author(): Promise<TokenCaller> {
  const { token } = await createTestProject(database.db);
  return tokenCaller(token);
}

/** A list of the caller's project with `count` active addresses. */
async function listOf(caller: TokenCaller, count: number) {
  const list = await caller.mailingLists.create({ name: `Readers ${Math.random().toString(36).slice(2, 8)}` });
  if (count > 0) await caller.recipients.add({ list_id: list.id, emails: Array.from({ length: count }, (_, i) => `reader${i}@example.test`) });
  return list;
}

/** What a scheduler round published of these ids (other test files may share the database). */
const ofIds = <T extends { id: string }>(published: T[], ids: string[]) => published.filter((p) => ids.includes(p.id));

describe('scheduling', () => {
  it('keeps a draft with publish_at until it is due, then publishes it once with published_at = publish_at', async () => {
    const caller = await author();
    const draft = await caller.changelogs.manage.save({ title: 'Spring', version: '3.0.0', content: '## Added\n- Themes' });
    const at = inMinutes(10);
    const scheduled = await caller.content.publish({ kind: 'changelog', id: draft.id, publish_at: at });
    expect(scheduled).toMatchObject({ status: 'draft', slug: null, publish_at: at, publish_email_list_id: null, public_url: null });
    expect(await caller.changelogs.manage.get({ id: draft.id })).toMatchObject({ publish_at: at });

    time.advance(9 * MINUTE);
    expect(ofIds(await publishDue(database.db), [draft.id])).toEqual([]);
    time.advance(MINUTE);
    expect(ofIds(await publishDue(database.db), [draft.id])).toEqual([{ kind: 'changelog', id: draft.id }]);
    expect(ofIds(await publishDue(database.db), [draft.id])).toEqual([]);

    const published = await caller.changelogs.manage.get({ id: draft.id });
    expect(published).toMatchObject({ status: 'published', publish_at: null, published_at: at });
    expect(await caller.changelogs.get({ public_slug: published.slug! })).toMatchObject({ title: 'Spring', published_at: at });
  });

  it('publishes each due item exactly once when two schedulers run at the same moment', async () => {
    const caller = await author();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const post = await caller.blogPosts.manage.save({ content: `# Post ${i}\n\nBody` });
      await caller.content.publish({ kind: 'blog_post', id: post.id, publish_at: inMinutes(1 + i) });
      ids.push(post.id);
    }
    const set = await caller.kbSets.manage.save({ articles: [{ category: 'Start', title: 'Install', body: 'npm i' }] });
    await caller.content.publish({ kind: 'kb_set', id: set.id, publish_at: inMinutes(2) });
    ids.push(set.id);

    time.advance(10 * MINUTE);
    const [a, b] = await Promise.all([publishDue(database.db), publishDue(database.db)]);
    const all = [...ofIds(a, ids), ...ofIds(b, ids)].map((p) => p.id);
    expect(all.sort()).toEqual([...ids].sort());
    expect((await caller.blogPosts.manage.list({ status: 'published' })).map((p) => p.id).sort()).toEqual(ids.slice(0, 4).sort());
    expect(await caller.kbSets.manage.get({ id: set.id })).toMatchObject({ status: 'published', publish_at: null });
  });

  it('a new scheduler over the same database publishes what fell due while none ran', async () => {
    const caller = await author();
    const first = startContentScheduler(async () => database.db, 3_600_000);
    await first.runNow();
    await first.stop();
    const draft = await caller.changelogs.manage.save({ title: 'While away', content: 'text' });
    await caller.content.publish({ kind: 'changelog', id: draft.id, publish_at: inMinutes(5) });
    time.advance(60 * MINUTE);

    const restarted = startContentScheduler(async () => database.db, 3_600_000);
    try {
      // the round it runs on start has published it; this one finds nothing left
      expect(ofIds(await restarted.runNow(), [draft.id])).toEqual([]);
      expect(await caller.changelogs.manage.get({ id: draft.id })).toMatchObject({ status: 'published', published_at: inMinutes(-55) });
    } finally {
      await restarted.stop();
    }
  });

  it('unpublish_content cancels a schedule; scheduling again replaces time and list', async () => {
    const caller = await author();
    const list = await listOf(caller, 1);
    const draft = await caller.blogPosts.manage.save({ content: '# Maybe later' });
    await caller.content.publish({ kind: 'blog_post', id: draft.id, publish_at: inMinutes(5), email_list_id: list.id });
    const moved = await caller.content.publish({ kind: 'blog_post', id: draft.id, publish_at: inMinutes(30) });
    expect(moved).toMatchObject({ publish_at: inMinutes(30), publish_email_list_id: null });

    const cancelled = await caller.content.unpublish({ kind: 'blog_post', id: draft.id });
    expect(cancelled).toMatchObject({ status: 'draft', publish_at: null, publish_email_list_id: null });
    time.advance(60 * MINUTE);
    expect(ofIds(await publishDue(database.db), [draft.id])).toEqual([]);
    expect(await caller.blogPosts.manage.get({ id: draft.id })).toMatchObject({ status: 'draft', slug: null });
  });

  it('publishing now drops the schedule', async () => {
    const caller = await author();
    const draft = await caller.changelogs.manage.save({ title: 'Now instead', content: 'x' });
    await caller.content.publish({ kind: 'changelog', id: draft.id, publish_at: inMinutes(5) });
    const now = await caller.content.publish({ kind: 'changelog', id: draft.id });
    expect(now).toMatchObject({ status: 'published', publish_at: null });
  });

  it('refuses a past publish_at, one more than a year ahead, a published item, a KB set email and a foreign list', async () => {
    const caller = await author();
    const other = await listOf(await author(), 0);
    const mine = await listOf(caller, 0);
    const draft = await caller.changelogs.manage.save({ title: 'Checks', content: 'x' });
    const publish = (input: { publish_at?: string; email_list_id?: string }, kind: 'changelog' | 'kb_set' = 'changelog', id = draft.id) =>
      caller.content.publish({ kind, id, ...input });

    await expect(publish({ publish_at: inMinutes(-1) })).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: expect.stringContaining('in the past') });
    await expect(publish({ publish_at: new Date(time.now()).toISOString() })).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    await expect(publish({ publish_at: inMinutes(367 * 24 * 60) })).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    await expect(publish({ publish_at: 'tomorrow' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(publish({ publish_at: inMinutes(5), email_list_id: other.id })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Mailing list not found' });
    const set = await caller.kbSets.manage.save({ articles: [{ category: 'A', title: 'B', body: 'C' }] });
    await expect(publish({ publish_at: inMinutes(5), email_list_id: mine.id }, 'kb_set', set.id)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await caller.changelogs.manage.get({ id: draft.id })).toMatchObject({ publish_at: null });

    await caller.content.publish({ kind: 'changelog', id: draft.id });
    await expect(publish({ publish_at: inMinutes(5) })).rejects.toMatchObject({ code: 'CONFLICT' });
    // another project's item is not found, scheduled or not
    const stranger = await author();
    await expect(stranger.content.publish({ kind: 'changelog', id: draft.id, publish_at: inMinutes(5) })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the release email that rides along', () => {
  it('is queued exactly once, right after the scheduled publish, even with two schedulers', async () => {
    const caller = await author();
    const list = await listOf(caller, 3);
    const draft = await caller.changelogs.manage.save({ title: 'Mailed', version: '4.0', content: '## Added\n- Mail' });
    const scheduled = await caller.content.publish({ kind: 'changelog', id: draft.id, publish_at: inMinutes(2), email_list_id: list.id });
    expect(scheduled.publish_email_list_id).toBe(list.id);
    expect(await caller.releaseEmails.list()).toEqual([]);

    time.advance(3 * MINUTE);
    const [a, b] = await Promise.all([publishDue(database.db), publishDue(database.db)]);
    const done = [...ofIds(a, [draft.id]), ...ofIds(b, [draft.id])];
    expect(done).toEqual([{ kind: 'changelog', id: draft.id, sendId: expect.any(String) }]);
    const sends = await caller.releaseEmails.list();
    expect(sends).toEqual([expect.objectContaining({ id: done[0]!.sendId, list_id: list.id, item_id: draft.id, kind: 'changelog', total: 3 })]);
  });

  it('a list with nobody left to mail does not hold the scheduled publish back', async () => {
    const caller = await author();
    const list = await listOf(caller, 0);
    const draft = await caller.blogPosts.manage.save({ content: '# Quiet' });
    await caller.content.publish({ kind: 'blog_post', id: draft.id, publish_at: inMinutes(1), email_list_id: list.id });
    time.advance(2 * MINUTE);
    expect(ofIds(await publishDue(database.db), [draft.id])).toEqual([{ kind: 'blog_post', id: draft.id }]);
    expect(await caller.blogPosts.manage.get({ id: draft.id })).toMatchObject({ status: 'published' });
    expect(await caller.releaseEmails.list()).toEqual([]);
  });

  it('publishing now with email_list_id queues it in the same transaction, or publishes nothing', async () => {
    const caller = await author();
    const empty = await listOf(caller, 0);
    const full = await listOf(caller, 2);
    const draft = await caller.blogPosts.manage.save({ content: '# Now with mail' });
    await expect(caller.content.publish({ kind: 'blog_post', id: draft.id, email_list_id: empty.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await caller.blogPosts.manage.get({ id: draft.id })).toMatchObject({ status: 'draft', slug: null });

    expect(await caller.content.publish({ kind: 'blog_post', id: draft.id, email_list_id: full.id })).toMatchObject({ status: 'published' });
    expect(await caller.releaseEmails.list()).toEqual([expect.objectContaining({ list_id: full.id, item_id: draft.id, total: 2 })]);
  });
});
