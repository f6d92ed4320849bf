import { describe, expect, it } from 'vitest';
import { createContext } from '@/server/context';
import { createCaller } from '@/server/root';
import { createTestUser } from '@/tests/factories';
import { MARCH_2025 } from './fixture-history';
import { newProject, startHarness } from './harness';

const harness = startHarness();
const MARCH = { since: '2025-03-01', until: '2025-03-31' };

async function projectWithHistory() {
  const project = await newProject(harness);
  const commits = MARCH_2025.map((c) => ({ ...c, author_email: null }));
  const pushed = await project.call('POST', '/api/v1/commits', { commits });
  expect(pushed.json.added).toBe(MARCH_2025.length);
  const headers = new Headers({ authorization: `Bearer ${project.token}`, 'x-shipnote-client-ip': `10.7.${Math.floor(Math.random() * 250)}.1` });
  const asToken = createCaller(await createContext({ headers }));
  const asMember = createCaller(await createContext({ headers: new Headers(), sessionUserId: project.user.id, project: project.projectId }));
  return { ...project, asToken, asMember };
}

describe('generate_changelog', () => {
  it('saves a draft changelog with the window, commit count and the grouped content', async () => {
    const { asToken } = await projectWithHistory();
    const draft = await asToken.commits.generateChangelog(MARCH);
    expect(draft).toMatchObject({
      kind: 'changelog',
      status: 'draft',
      slug: null,
      title: 'Changes in March 2025',
      version: null,
      period_start: '2025-03-01',
      period_end: '2025-03-31',
      commit_count: 17,
    });
    expect(draft.content).toContain('## Breaking changes');
    expect(draft.content).toContain('- **api:** Add webhooks for pushes ([#12](https://github.com/acme/web/pull/12))');
    // the content domain lists it among the project's drafts
    expect((await asToken.changelogs.manage.list({ status: 'draft' })).map((c) => c.id)).toEqual([draft.id]);
  });

  it('counts only the commits of the window and of the project', async () => {
    const { asToken } = await projectWithHistory();
    await (await newProject(harness)).call('POST', '/api/v1/commits', {
      commits: [{ sha: 'f'.repeat(40), message: 'feat: elsewhere', authored_at: '2025-03-05T00:00:00Z' }],
    });
    const firstDays = await asToken.commits.generateChangelog({ since: '2025-03-01', until: '2025-03-02' });
    expect(firstDays.commit_count).toBe(MARCH_2025.filter((c) => c.authored_at < '2025-03-03').length);
    expect(firstDays.content).not.toContain('elsewhere');
    expect(firstDays.title).toBe('Changes from March 1 to 2, 2025');
  });

  it('refuses an empty window with 400 and a reversed one as invalid input', async () => {
    const { asToken } = await projectWithHistory();
    await expect(asToken.commits.generateChangelog({ since: '2024-01-01', until: '2024-01-31' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'No commits recorded from 2024-01-01 to 2024-01-31',
    });
    await expect(asToken.commits.generateChangelog({ since: '2025-03-31', until: '2025-03-01' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await asToken.changelogs.manage.list({})).toEqual([]);
  });

  it('refuses a window whose changelog would exceed the content limits, saving nothing', async () => {
    const { call, asToken } = await projectWithHistory();
    const long = Array.from({ length: 1000 }, (_, i) => ({
      sha: `d${(i + 1).toString(16).padStart(39, '0')}`,
      message: `feat: ${'a very long change description '.repeat(5)}${i}`,
      authored_at: '2025-04-10T00:00:00Z',
    }));
    expect((await call('POST', '/api/v1/commits', { commits: long })).json.added).toBe(1000);
    await expect(asToken.commits.generateChangelog({ since: '2025-04-01', until: '2025-04-30' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The changelog for this window would be too long; choose a shorter window',
    });
    expect(await asToken.changelogs.manage.list({})).toEqual([]);
  });

  it('lists hidden types only when asked', async () => {
    const { asToken } = await projectWithHistory();
    expect((await asToken.commits.generateChangelog(MARCH)).content).not.toContain('## Chores');
    expect((await asToken.commits.generateChangelog({ ...MARCH, include_hidden: true })).content).toContain('## Chores');
  });
});

describe('list_commits through the token procedure', () => {
  it('returns {items} newest first, limited', async () => {
    const { asToken } = await projectWithHistory();
    const { items } = await asToken.commits.list({ since: '2025-03-01', until: '2025-03-31', limit: 3 });
    expect(items.map((c) => c.sha.slice(0, 2))).toEqual(['b8', 'b7', 'b6']);
  });
});

describe('dashboard drafts', () => {
  it('previews without writing, then generates changelog and blog drafts and a banner proposal', async () => {
    const { asMember } = await projectWithHistory();
    const preview = await asMember.commits.preview({ ...MARCH });
    expect(preview.summary.counts.find((c) => c.type === 'feat')).toMatchObject({ count: 4 });
    expect(preview.banner.headline).toBe('March 2025: 3 new features and 2 fixes');
    expect(await asMember.changelogs.manage.list({})).toEqual([]);
    expect(preview.saved_changelog).toBeNull();

    const drafts = await asMember.commits.generateDrafts({ ...MARCH });
    expect(drafts.changelog).toMatchObject({ status: 'draft', content: preview.changelog.content, commit_count: 17 });
    expect(drafts.blog_post).toMatchObject({ status: 'draft', title: 'What we shipped in March 2025', period_start: '2025-03-01', period_end: '2025-03-31' });
    expect(drafts.banner).toEqual(preview.banner);

    // the banner proposal is exactly what the banner domain publishes
    const banner = await asMember.banner.publish({ ...drafts.banner });
    expect(banner).toMatchObject({ headline: drafts.banner.headline, commit_count: 17, period_start: '2025-03-01', period_end: '2025-03-31' });
  });

  it('names the changelog saved from the same commits before, on a later visit too, and only for that window', async () => {
    const { asMember } = await projectWithHistory();
    await asMember.commits.generateDrafts({ ...MARCH });
    const second = await asMember.commits.generateDrafts({ ...MARCH });
    const again = await asMember.commits.preview({ ...MARCH });
    expect(again.saved_changelog).toEqual({ id: second.changelog.id, title: second.changelog.title, status: 'draft' });
    await asMember.content.publish({ kind: 'changelog', id: second.changelog.id });
    expect((await asMember.commits.preview({ ...MARCH })).saved_changelog).toMatchObject({ id: second.changelog.id, status: 'published' });
    expect((await asMember.commits.preview({ since: '2025-03-01', until: '2025-03-15' })).saved_changelog).toBeNull();
  });

  it('is open to members of the project only', async () => {
    const { projectId } = await projectWithHistory();
    const stranger = await createTestUser(harness.db);
    const asStranger = createCaller(await createContext({ headers: new Headers(), sessionUserId: stranger.id, project: projectId }));
    await expect(asStranger.commits.preview({ ...MARCH })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(asStranger.commits.rotateWebhookSecret()).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
