import { describe, expect, it } from 'vitest';
import { groupCommits } from '../generate/group';
import { MARCH_2025 } from './fixture-history';

const period = { start: '2025-03-01', end: '2025-03-31' };
const REPO = 'https://github.com/acme/web';
const sha = (prefix: string) => prefix.padEnd(40, '0');

describe('groupCommits on a month of history', () => {
  const grouped = groupCommits(MARCH_2025, { period });
  const section = (key: string) => grouped.sections.find((s) => s.key === key);
  const texts = (key: string) => section(key)?.items.map((i) => `${i.scope ?? '-'} ${i.text}`);

  it('orders visible sections breaking first, then features, fixes, performance, reverts, docs, other', () => {
    expect(grouped.sections.map((s) => s.title)).toEqual([
      'Breaking changes', 'Features', 'Fixes', 'Performance', 'Reverts', 'Documentation', 'Other changes',
    ]);
  });

  it('files `!` headers and BREAKING CHANGE footers under breaking changes only, with the footer as a note', () => {
    expect(texts('breaking')).toEqual(['db Split the schema into files', '- Drop the v0 endpoints']);
    expect(section('breaking')!.items[0]).toMatchObject({ type: 'refactor', breaking_note: 'The `schema.ts` module moved; import from `db/schema` instead.' });
    expect(section('breaking')!.items[1]).toMatchObject({ type: 'feat', breaking_note: null });
    expect(section('refactor')).toBeUndefined();
    expect(grouped.breaking_count).toBe(2);
  });

  it('keeps scopes, scoped items first and grouped by scope', () => {
    expect(texts('feat')).toEqual(['api Add webhooks for pushes', 'api List commits']);
    expect(texts('fix')).toEqual(['ui Keep the sidebar open on reload', '- Handle <script> tags and [links] in *titles*']);
    expect(texts('perf')).toEqual(['search Cache tokenized queries']);
  });

  it('cancels a revert and the commit it undoes when both are in the window; keeps a revert of an older commit', () => {
    expect(JSON.stringify(grouped.sections)).not.toContain('Dark mode');
    expect(texts('revert')).toEqual(['auth Refresh tokens early']);
    expect(grouped.reverted_count).toBe(2);
  });

  it('counts merge commits but never lists them, and sends non-conventional messages to other changes', () => {
    expect(JSON.stringify(grouped.sections)).not.toMatch(/Merge/);
    expect(texts('other')).toEqual(['- Update README with the new install steps']);
    expect(grouped.commit_count).toBe(MARCH_2025.length);
    expect(grouped.counts).toEqual([
      { type: 'feat', label: 'Features', count: 4, hidden: false },
      { type: 'fix', label: 'Fixes', count: 2, hidden: false },
      { type: 'perf', label: 'Performance', count: 1, hidden: false },
      { type: 'revert', label: 'Reverts', count: 2, hidden: false },
      { type: 'refactor', label: 'Refactoring', count: 1, hidden: false },
      { type: 'docs', label: 'Documentation', count: 1, hidden: false },
      { type: 'other', label: 'Other', count: 1, hidden: false },
      { type: 'ci', label: 'CI', count: 1, hidden: true },
      { type: 'test', label: 'Tests', count: 1, hidden: true },
      { type: 'chore', label: 'Chores', count: 1, hidden: true },
      { type: 'merge', label: 'Merges', count: 2, hidden: true },
    ]);
  });

  it('hides chores, CI and tests by default and lists them when asked', () => {
    expect(grouped.hidden_count).toBe(3);
    const all = groupCommits(MARCH_2025, { period, includeHidden: true });
    expect(all.sections.map((s) => s.key).slice(-3)).toEqual(['ci', 'test', 'chore']);
    expect(all.hidden_count).toBe(0);
  });

  it('credits authors by number of commits, merges and bots left out', () => {
    expect(grouped.authors).toEqual(['Ada Lovelace', 'Grace Hopper', 'Margaret Hamilton']);
  });

  it('links pull requests, issues and commits on the repository a commit URL points into', () => {
    const webhooks = section('feat')!.items[0]!;
    expect(grouped.repository_url).toBe(REPO);
    expect(webhooks.pull_request).toEqual({ number: 12, url: `${REPO}/pull/12` });
    expect(webhooks.commit_url).toBe(`${REPO}/commit/${sha('a1')}`);
    expect(section('fix')!.items[0]!.issues).toEqual([
      { number: 40, url: `${REPO}/issues/40` },
      { number: 41, url: `${REPO}/issues/41` },
    ]);
    expect(section('feat')!.items[1]!.commit_url).toBe(`${REPO}/commit/${sha('b7')}`);
  });

  it('prefers the configured repository and leaves numbers unlinked without one', () => {
    const configured = groupCommits(MARCH_2025, { period, repositoryUrl: 'https://git.example.org/team/app/' });
    expect(configured.sections[1]!.items[0]!.pull_request!.url).toBe('https://git.example.org/team/app/pull/12');
    const unlinked = groupCommits(MARCH_2025.slice(1), { period });
    expect(unlinked.repository_url).toBeNull();
    expect(unlinked.sections.find((s) => s.key === 'fix')!.items[0]!.issues[0]).toEqual({ number: 40, url: null });
    expect(unlinked.sections.find((s) => s.key === 'fix')!.items[0]!.commit_url).toBeNull();
  });

  it('gives the same result whatever order the commits arrive in', () => {
    const shuffled = [...MARCH_2025].reverse();
    expect(groupCommits(shuffled, { period })).toEqual(grouped);
  });

  it('keeps the original when a revert is itself reverted', () => {
    const history = [
      { sha: sha('c1'), message: 'feat: search', author_name: 'A', authored_at: '2025-03-02T00:00:00.000Z', url: null },
      { sha: sha('c2'), message: `Revert "feat: search"\n\nThis reverts commit ${sha('c1')}.`, author_name: 'A', authored_at: '2025-03-03T00:00:00.000Z', url: null },
      { sha: sha('c3'), message: `Revert "Revert "feat: search""\n\nThis reverts commit ${sha('c2')}.`, author_name: 'A', authored_at: '2025-03-04T00:00:00.000Z', url: null },
    ];
    const result = groupCommits(history, { period });
    expect(result.sections.map((s) => [s.key, s.items.map((i) => i.text)])).toEqual([['feat', ['Search']]]);
  });

  it('pairs a revert with an abbreviated SHA, or by the quoted header when no SHA is given', () => {
    const history = [
      { sha: sha('d1'), message: 'fix: a', author_name: null, authored_at: '2025-03-02T00:00:00.000Z', url: null },
      { sha: sha('d2'), message: 'revert: fix: a\n\nThis reverts commit d100000.', author_name: null, authored_at: '2025-03-03T00:00:00.000Z', url: null },
      { sha: sha('d3'), message: 'perf: b', author_name: null, authored_at: '2025-03-04T00:00:00.000Z', url: null },
      { sha: sha('d4'), message: 'Revert "perf: b"', author_name: null, authored_at: '2025-03-05T00:00:00.000Z', url: null },
    ];
    expect(groupCommits(history, { period }).sections).toEqual([]);
  });
});
