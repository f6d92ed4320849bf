import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZPublishBannerInput } from '@/server/banner/schemas';
import { ZSaveBlogPostInput } from '@/server/content/kinds/blog-post-schemas';
import { ZSaveChangelogInput } from '@/server/content/kinds/changelog-schemas';
import { renderMarkdown } from '@/server/markdown/render';
import { changelogEntries, firstHeading } from '@/server/markdown/structure';
import { renderBanner } from '../generate/banner';
import { renderBlogPost } from '../generate/blog-post';
import { renderChangelog } from '../generate/changelog';
import { groupCommits } from '../generate/group';
import { describePeriod } from '../generate/text';
import { MARCH_2025 } from './fixture-history';

const period = { start: '2025-03-01', end: '2025-03-31' };
const grouped = groupCommits(MARCH_2025, { period });
const REPO = 'https://github.com/acme/web';

describe('the changelog draft', () => {
  const draft = renderChangelog(grouped);

  it('is titled by its window and opens with the counts', () => {
    expect(draft.title).toBe('Changes in March 2025');
    expect(draft.content.split('\n')[0]).toBe(
      '17 commits in March 2025. 3 maintenance commits (build, CI, tests, style, chores) not listed.',
    );
  });

  it('renders each change as a list item with scope, links and the breaking note', () => {
    expect(draft.content).toContain(
      `## Features\n\n- **api:** Add webhooks for pushes ([#12](${REPO}/pull/12))\n- **api:** List commits ([#15](${REPO}/pull/15), closes [#9](${REPO}/issues/9))`,
    );
    // a change without a pull request links its commit
    expect(draft.content).toContain(`- **ui:** Keep the sidebar open on reload (closes [#40](${REPO}/issues/40), [#41](${REPO}/issues/41)) ([a200000](${REPO}/commit/${'a2'.padEnd(40, '0')}))`);
    expect(draft.content).toContain('- **db:** Split the schema into files');
    expect(draft.content).toContain('  The `schema.ts` module moved; import from `db/schema` instead.');
    expect(draft.content).toContain('## Contributors\n\nThanks to Ada Lovelace, Grace Hopper and Margaret Hamilton.');
  });

  it('escapes markup in commit text so it reads as written', () => {
    const html = renderMarkdown(draft.content);
    expect(html).toContain('Handle &lt;script&gt; tags and [links] in *titles*');
    expect(html).not.toContain('<script');
  });

  it('keeps snake_case readable and code spans as they are, and never lets commit text open a heading or a link', () => {
    const commits = [
      { sha: 'e'.repeat(40), message: 'feat: read OAUTH_ISSUER_URL, not _AUTH_URL_', author_name: null, authored_at: '2025-03-04T00:00:00.000Z', url: null },
      { sha: 'f'.repeat(40), message: 'Weird # header [x](javascript:alert(1)) with `a_b*c`', author_name: null, authored_at: '2025-03-05T00:00:00.000Z', url: null },
      { sha: '9'.repeat(40), message: '# Not a heading', author_name: null, authored_at: '2025-03-06T00:00:00.000Z', url: null },
    ];
    const content = renderChangelog(groupCommits(commits, { period })).content;
    expect(content).toContain('- Read OAUTH_ISSUER_URL, not \\_AUTH_URL\\_');
    expect(content).toContain('- Weird # header \\[x\\](javascript:alert(1)) with `a_b*c`');
    const html = renderMarkdown(content);
    expect(html).toContain('<li># Not a heading</li>');
    expect(html).toContain('not _AUTH_URL_');
    expect(html).toContain('<code>a_b*c</code>');
    expect(html).not.toContain('href="javascript');
  });

  it('gives the changelog feed one entry per change, under its section', () => {
    const entries = changelogEntries(draft.content);
    expect(entries.map((e) => e.category)).toEqual([
      'Breaking changes', 'Breaking changes', 'Features', 'Features', 'Fixes', 'Fixes', 'Performance', 'Reverts', 'Documentation', 'Other changes',
    ]);
    expect(entries[2]!.title).toMatch(/^api: Add webhooks for pushes \(#12/);
  });

  it('is accepted by the content domain\'s save_changelog input', () => {
    expect(ZSaveChangelogInput.safeParse({ ...draft, period_start: period.start, period_end: period.end, commit_count: 17 }).success).toBe(true);
  });

  it('says so when nothing user-facing changed', () => {
    const chores = groupCommits(MARCH_2025.filter((c) => /^(chore|ci|test)/.test(c.message)), { period });
    expect(renderChangelog(chores).content).toBe(
      '3 commits in March 2025. Nothing user-facing changed in this period. 3 maintenance commits (build, CI, tests, style, chores) not listed.\n\n## Contributors\n\nThanks to Ada Lovelace.\n',
    );
  });
});

describe('the blog post draft', () => {
  const post = renderBlogPost(grouped);

  it('has a title as its first level-1 heading, an introduction and the highlights', () => {
    expect(firstHeading(post.content)).toBe('What we shipped in March 2025');
    expect(post.content).toContain(
      'In March 2025 we shipped 3 new features, 2 fixes and 1 performance improvement, in 17 commits from 3 contributors. ' +
        'Heads up: 2 breaking changes need your attention; see below.',
    );
    const highlights = post.content.split('## Highlights\n\n')[1]!.split('Also in this release')[0]!;
    expect(highlights.split('\n').filter((l) => l.startsWith('- '))).toEqual([
      '- **db:** Split the schema into files',
      '- Drop the v0 endpoints',
      `- **api:** Add webhooks for pushes ([#12](${REPO}/pull/12))`,
      `- **api:** List commits ([#15](${REPO}/pull/15), closes [#9](${REPO}/issues/9))`,
      '- **search:** Cache tokenized queries',
    ]);
    expect(post.content).toContain('Also in this release: 5 more changes.');
    expect(ZSaveBlogPostInput.safeParse({ content: post.content, period_start: period.start, period_end: period.end }).success).toBe(true);
  });
});

describe('the banner draft', () => {
  it('counts features and fixes in the headline and names highlights in one sentence', () => {
    expect(renderBanner(grouped)).toEqual({
      headline: 'March 2025: 3 new features and 2 fixes',
      body: 'Highlights: Split the schema into files, Drop the v0 endpoints, Add webhooks for pushes, List commits and Cache tokenized queries.',
      cta_label: "See what's new",
      badge: 'Breaking',
      link_url: null,
      period_start: '2025-03-01',
      period_end: '2025-03-31',
      commit_count: 17,
    });
  });

  const commitArb = fc.record({
    sha: fc.stringMatching(/^[0-9a-f]{40}$/),
    message: fc.oneof(
      fc.string({ minLength: 1, maxLength: 300 }),
      fc.tuple(fc.constantFrom('feat', 'fix', 'perf', 'chore', 'docs'), fc.string({ maxLength: 12 }), fc.boolean(), fc.string({ minLength: 1, maxLength: 400 }))
        .map(([type, scope, bang, subject]) => `${type}${scope ? `(${scope.replace(/[()\n]/g, '')})` : ''}${bang ? '!' : ''}: ${subject}`),
    ),
    author_name: fc.option(fc.string({ maxLength: 60 })),
    authored_at: fc.date({ min: new Date('2025-03-01T00:00:00Z'), max: new Date('2025-03-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()),
    url: fc.constant(null),
  });

  it('writes highlights in plain text: the widget renders no markdown, so code spans lose their backticks', () => {
    const banner = renderBanner(groupCommits([{ sha: 'f'.repeat(40), message: 'feat: export with `--since` filters', author_name: 'Ada', authored_at: '2025-03-10T10:00:00Z', url: null }], { period }));
    expect(banner.body).toBe('Highlights: Export with --since filters.');
  });

  it('always fits the banner limits and passes the banner domain\'s publish input, for any window', () => {
    fc.assert(
      fc.property(fc.array(commitArb, { minLength: 1, maxLength: 40 }), (commits) => {
        const banner = renderBanner(groupCommits(commits, { period }));
        expect(ZPublishBannerInput.safeParse(banner).success).toBe(true);
        expect([...banner.headline].length).toBeLessThanOrEqual(80);
        expect([...banner.body].length).toBeLessThanOrEqual(160);
      }),
      { numRuns: 300 },
    );
  });
});

describe('describePeriod', () => {
  it.each([
    ['2025-03-01', '2025-03-31', 'March 2025'],
    ['2024-02-01', '2024-02-29', 'February 2024'],
    ['2025-03-03', '2025-03-16', 'March 3 to 16, 2025'],
    ['2025-03-20', '2025-04-05', 'March 20 to April 5, 2025'],
    ['2024-12-20', '2025-01-05', 'December 20, 2024 to January 5, 2025'],
    ['2025-03-03', '2025-03-03', 'March 3, 2025'],
  ])('%s..%s is "%s"', (start, end, label) => {
    expect(describePeriod(start, end).label).toBe(label);
  });
});
