import { describe, expect, it } from 'vitest';
import { tokenCaller } from '@/server/content/__tests__/helpers';
import { blogPostOf, listWithChangelog, ownerOf, sessionCaller, setupEmailHarness } from './harness';

const h = setupEmailHarness();

describe('starting a send (send_release_email and the dialog)', () => {
  it('freezes the active recipients and answers the send with its counts', async () => {
    const setup = await listWithChangelog(h, 3, 'Frozen');
    await setup.call('DELETE', `${setup.base}/recipients/${encodeURIComponent(setup.emails[2]!)}`);
    const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
    expect(send).toMatchObject({
      list_id: setup.listId,
      kind: 'changelog',
      item_id: setup.changelog.id,
      subject: 'Frozen',
      public_url: setup.changelog.public_url,
      status: 'sending',
      total: 2,
      sent: 0,
      failed: 0,
      skipped: 0,
      completed_at: null,
    });
    expect(send.queued + send.sending).toBe(2);
  });

  it('refuses drafts, other projects\' items and lists, unknown kinds and empty lists', async () => {
    const setup = await listWithChangelog(h, 1);
    const other = await listWithChangelog(h, 1);
    const draft = await setup.caller.changelogs.manage.save({ title: 'Draft', content: 'x' });
    const send = (input: { list_id: string; kind: string; id: string }) => setup.caller.releaseEmails.send(input as never);
    await expect(send({ list_id: setup.listId, kind: 'changelog', id: draft.id })).rejects.toThrow('Only a published changelog can be sent; publish it first');
    await expect(send({ list_id: setup.listId, kind: 'changelog', id: other.changelog.id })).rejects.toThrow('Changelog not found');
    await expect(send({ list_id: other.listId, kind: 'changelog', id: setup.changelog.id })).rejects.toThrow('Mailing list not found');
    await expect(send({ list_id: setup.listId, kind: 'blog_post', id: setup.changelog.id })).rejects.toThrow('Blog post not found');
    await expect(send({ list_id: setup.listId, kind: 'kb_set', id: setup.changelog.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(send({ list_id: 'nope', kind: 'changelog', id: setup.changelog.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const empty = await setup.caller.mailingLists.create({ name: 'Empty' });
    await expect(send({ list_id: empty.id, kind: 'changelog', id: setup.changelog.id })).rejects.toThrow('The list "Empty" has no active recipients');
  });

  it('never gives anyone the same item twice: a second send reaches only the new recipients', async () => {
    const setup = await listWithChangelog(h, 2);
    const input = { list_id: setup.listId, kind: 'changelog' as const, id: setup.changelog.id };
    await setup.caller.releaseEmails.send(input);
    await expect(setup.caller.releaseEmails.send(input)).rejects.toMatchObject({ code: 'CONFLICT' });
    await setup.call('POST', `${setup.base}/recipients`, { emails: ['newcomer@example.test'] });
    const again = await setup.caller.releaseEmails.send(input);
    expect(again).toMatchObject({ total: 3, skipped: 2 });
    const ledger = await (await sessionCaller(await ownerOf(h.db, setup.projectId), setup.projectId)).releaseEmails.ledger({ send_id: again.id });
    expect(ledger.items.map((d) => [d.email, d.status, d.reason])).toEqual([
      [setup.emails[0], 'skipped', 'Already received this item in an earlier send'],
      [setup.emails[1], 'skipped', 'Already received this item in an earlier send'],
      ['newcomer@example.test', 'queued', null],
    ]);
  });

  it('two sends of one item to one list at once reach each recipient once', async () => {
    const setup = await listWithChangelog(h, 5);
    const input = { list_id: setup.listId, kind: 'changelog' as const, id: setup.changelog.id };
    const other = await tokenCaller(setup.token);
    const results = await Promise.allSettled([setup.caller.releaseEmails.send(input), other.releaseEmails.send(input)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('a blog post is sent under its first heading', async () => {
    const setup = await listWithChangelog(h, 1);
    const post = await blogPostOf(setup.token, '# We shipped search\n\nFind **anything**.');
    const send = await setup.caller.releaseEmails.send({ list_id: setup.listId, kind: 'blog_post', id: post.id });
    expect(send).toMatchObject({ subject: 'We shipped search', kind: 'blog_post', public_url: post.public_url });
  });
});

describe('the dashboard', () => {
  it('previews the email with the list name and how many will receive it', async () => {
    const setup = await listWithChangelog(h, 3, 'Preview me');
    const dashboard = await sessionCaller(await ownerOf(h.db, setup.projectId), setup.projectId);
    const input = { list_id: setup.listId, kind: 'changelog' as const, id: setup.changelog.id };
    const preview = await dashboard.releaseEmails.preview(input);
    expect(preview).toMatchObject({ active_count: 3, will_receive: 3, subject: 'Preview me', from: expect.stringMatching(/^Project .+ <releases@shipnote\.test>$/) });
    expect(preview.list_name).toMatch(/^List /);
    expect(preview.html).toContain('<strong>everyone</strong>');
    expect(preview.html).not.toContain('<script');
    expect(preview.text).toContain('Unsubscribe:');
    await dashboard.releaseEmails.send(input);
    expect((await dashboard.releaseEmails.preview(input)).will_receive).toBe(0);
  });

  it('lists sends and pages the ledger; another project cannot see them', async () => {
    const setup = await listWithChangelog(h, 5);
    const send = await (await sessionCaller(await ownerOf(h.db, setup.projectId), setup.projectId)).releaseEmails.send({ list_id: setup.listId, kind: 'changelog', id: setup.changelog.id });
    expect((await (await sessionCaller(await ownerOf(h.db, setup.projectId), setup.projectId)).releaseEmails.list()).map((s) => s.id)).toEqual([send.id]);
    const first = await (await sessionCaller(await ownerOf(h.db, setup.projectId), setup.projectId)).releaseEmails.ledger({ send_id: send.id, limit: 3 });
    expect(first.items.map((d) => d.email)).toEqual(setup.emails.slice(0, 3));
    const second = await (await sessionCaller(await ownerOf(h.db, setup.projectId), setup.projectId)).releaseEmails.ledger({ send_id: send.id, limit: 3, cursor: first.next_cursor! });
    expect(second.items.map((d) => d.email)).toEqual(setup.emails.slice(3));
    expect(second.next_cursor).toBeNull();
    await expect((await sessionCaller(await ownerOf(h.db, setup.projectId), setup.projectId)).releaseEmails.ledger({ send_id: send.id, cursor: 'x' })).rejects.toThrow('Malformed cursor');

    const stranger = await listWithChangelog(h, 1);
    await expect((await sessionCaller(await ownerOf(h.db, stranger.projectId), stranger.projectId)).releaseEmails.get({ send_id: send.id })).rejects.toThrow('Release email not found');
    await expect((await sessionCaller(await ownerOf(h.db, stranger.projectId), stranger.projectId)).releaseEmails.ledger({ send_id: send.id })).rejects.toThrow('Release email not found');
    await expect((await sessionCaller(await ownerOf(h.db, stranger.projectId), stranger.projectId)).releaseEmails.retry({ send_id: send.id })).rejects.toThrow('Release email not found');
    await expect((await sessionCaller(await ownerOf(h.db, stranger.projectId), setup.projectId)).releaseEmails.get({ send_id: send.id })).rejects.toThrow('Project not found');
    expect(await (await sessionCaller(await ownerOf(h.db, stranger.projectId), stranger.projectId)).releaseEmails.list()).toEqual([]);
    await expect((await tokenCaller(stranger.token)).releaseEmails.get({ send_id: send.id })).rejects.toThrow('Release email not found');
  });
});
