import { describe, expect, it } from 'vitest';
import { createContext } from '@/server/context';
import { createCaller } from '@/server/root';
import { MARCH_2025 } from './fixture-history';
import { commitBody, newProject, startHarness } from './harness';

const harness = startHarness();
const MARCH = { since: '2025-03-01', until: '2025-03-31' };

async function projectWith(commits: Record<string, unknown>[]) {
  const project = await newProject(harness);
  const pushed = await project.call('POST', '/api/v1/commits', { commits });
  expect(pushed.json.added).toBe(commits.length);
  const headers = new Headers({ authorization: `Bearer ${project.token}`, 'x-shipnote-client-ip': `10.8.${Math.floor(Math.random() * 250)}.1` });
  const asToken = createCaller(await createContext({ headers }));
  const asMember = createCaller(await createContext({ headers: new Headers(), sessionUserId: project.user.id, project: project.projectId }));
  return { ...project, asToken, asMember };
}

const history = () => projectWith(MARCH_2025.map((c) => ({ ...c, author_email: null })));
const articlesOf = (set: { content: string }) => JSON.parse(set.content).articles as { category: string; title: string; body: string }[];

describe('generateKbSet', () => {
  it('saves a draft set: one article per feature or breaking change, scope as the category', async () => {
    const { asToken } = await history();
    const set = await asToken.commits.generateKbSet(MARCH);
    expect(set).toMatchObject({ kind: 'kb_set', status: 'draft', slug: null, published_at: null, title: 'New in March 2025', source: null });
    expect(articlesOf(set).map((a) => [a.category, a.title])).toEqual([
      ['db', 'Split the schema into files'],
      ['General', 'Drop the v0 endpoints'],
      ['api', 'Add webhooks for pushes'],
      ['api', 'List commits'],
    ]);
    // the content domain holds it among the project's drafts, and nothing is public yet
    expect((await asToken.kbSets.manage.list({ status: 'draft' })).map((s) => s.id)).toEqual([set.id]);
  });

  it('turns feat! and BREAKING CHANGE footers into articles with migration notes', async () => {
    const { asToken } = await projectWith([
      commitBody({ message: 'feat(auth)!: sessions expire after a day\n\nBREAKING CHANGE: sign in again after upgrading;\nrefresh tokens issued before are void.' }),
      commitBody({ message: 'fix(api): answer 404 for unknown lists\n\nBREAKING-CHANGE: clients that expected 400 must handle 404.' }),
    ]);
    const articles = articlesOf(await asToken.commits.generateKbSet(MARCH));
    expect(articles.map((a) => [a.category, a.title])).toEqual([
      ['api', 'Answer 404 for unknown lists'],
      ['auth', 'Sessions expire after a day'],
    ]);
    expect(articles[0]!.body).toContain('### Migration notes\n\nClients that expected 400 must handle 404.');
    expect(articles[1]!.body).toContain('### Migration notes\n\nSign in again after upgrading; refresh tokens issued before are void.');
  });

  it('refuses a window with only fixes and chores with 400, saving nothing', async () => {
    const { asToken } = await projectWith([commitBody({ message: 'fix: a typo' }), commitBody({ message: 'chore(deps): bump' }), commitBody({ message: 'perf: faster' })]);
    await expect(asToken.commits.generateKbSet(MARCH)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'No features or breaking changes from 2025-03-01 to 2025-03-31 to write knowledge-base articles about',
    });
    expect(await asToken.kbSets.manage.list({})).toEqual([]);
  });

  it('refuses an empty window with 400 and a reversed one as invalid input', async () => {
    const { asToken } = await history();
    await expect(asToken.commits.generateKbSet({ since: '2024-01-01', until: '2024-01-31' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'No commits recorded from 2024-01-01 to 2024-01-31',
    });
    await expect(asToken.commits.generateKbSet({ since: '2025-03-31', until: '2025-03-01' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await asToken.kbSets.manage.list({})).toEqual([]);
  });

  it("reads only the project's own commits", async () => {
    const { asToken } = await history();
    await (await newProject(harness)).call('POST', '/api/v1/commits', { commits: [commitBody({ message: 'feat(elsewhere): not ours' })] });
    expect(articlesOf(await asToken.commits.generateKbSet(MARCH)).map((a) => a.category)).not.toContain('elsewhere');
  });

  it('refuses a window of more than 200 features, the limit of a set, saving nothing', async () => {
    const { call, asToken } = await history();
    const many = Array.from({ length: 201 }, (_, i) => commitBody({ message: `feat: feature ${i}`, authored_at: '2025-04-10T00:00:00Z' }));
    expect((await call('POST', '/api/v1/commits', { commits: many })).json.added).toBe(201);
    await expect(asToken.commits.generateKbSet({ since: '2025-04-01', until: '2025-04-30' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The knowledge-base set for this window would be too long; choose a shorter window',
    });
    expect(await asToken.kbSets.manage.list({})).toEqual([]);
  });
});

describe('POST /api/v1/commits/kb-set', () => {
  it('answers 201 with the draft set, and 400 {detail} for an empty window', async () => {
    const { call } = await history();
    const created = await call('POST', '/api/v1/commits/kb-set', MARCH);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ kind: 'kb_set', status: 'draft', title: 'New in March 2025' });
    const empty = await call('POST', '/api/v1/commits/kb-set', { since: '2024-01-01', until: '2024-01-02' });
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({ detail: 'No commits recorded from 2024-01-01 to 2024-01-02' });
    const bad = await call('POST', '/api/v1/commits/kb-set', { since: '2025-3-1', until: '2025-03-31' });
    expect(bad.status).toBe(422);
    expect(bad.json.detail[0].loc).toEqual(['body', 'since']);
  });
});

describe('generate_changelog with include_kb_set', () => {
  it('keeps its default result, and with include_kb_set also saves the KB set draft', async () => {
    const { asToken } = await history();
    const plain = await asToken.commits.generateChangelog(MARCH);
    expect(plain).not.toHaveProperty('kb_set');
    expect(await asToken.kbSets.manage.list({})).toEqual([]);
    const both = await asToken.commits.generateChangelog({ ...MARCH, include_kb_set: true });
    expect(both).toMatchObject({ kind: 'changelog', status: 'draft', commit_count: 17, kb_set: { kind: 'kb_set', status: 'draft' } });
    expect(articlesOf(both.kb_set!)).toHaveLength(4);
  });

  it('saves neither draft when the window has nothing for the KB set', async () => {
    const { asToken } = await projectWith([commitBody({ message: 'fix: a typo' })]);
    await expect(asToken.commits.generateChangelog({ ...MARCH, include_kb_set: true })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await asToken.changelogs.manage.list({})).toEqual([]);
  });
});

describe('the dashboard', () => {
  it('previews the KB articles, and "Generate drafts" saves the set only when asked', async () => {
    const { asMember } = await history();
    const preview = await asMember.commits.preview(MARCH);
    expect(preview.kb_set.articles).toHaveLength(4);
    expect(await asMember.kbSets.manage.list({})).toEqual([]);
    expect((await asMember.commits.generateDrafts(MARCH)).kb_set).toBeNull();
    const drafts = await asMember.commits.generateDrafts({ ...MARCH, kb_set: true });
    expect(drafts.kb_set).toMatchObject({ status: 'draft', title: preview.kb_set.title });
    expect(articlesOf(drafts.kb_set!)).toEqual(preview.kb_set.articles);
  });
});
