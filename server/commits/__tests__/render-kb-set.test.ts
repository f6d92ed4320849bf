import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZSaveKbSetInput } from '@/server/content/kinds/kb-set-schemas';
import { renderMarkdown } from '@/server/markdown/render';
import { groupCommits } from '../generate/group';
import { MIGRATION_HEADING, NO_MIGRATION_NOTES, renderKbSet } from '../generate/kb-set';
import { parseMessage } from '../generate/parse-message';
import type { SourceCommit } from '../generate/schemas';
import { MARCH_2025 } from './fixture-history';

const period = { start: '2025-03-01', end: '2025-03-31' };
const REPO = 'https://github.com/acme/web';

function commit(message: string, at = '2025-03-10T10:00:00Z', sha = 'e'.repeat(40)): SourceCommit {
  return { sha, message, author_name: 'Ada', authored_at: at, url: null };
}

describe('the knowledge-base draft', () => {
  const draft = renderKbSet(groupCommits(MARCH_2025, { period }));
  const byTitle = (title: string) => draft.articles.find((a) => a.title === title)!;

  it('has one article per breaking change and per feature, breaking first, scope as the category', () => {
    expect(draft.title).toBe('New in March 2025');
    expect(draft.articles.map((a) => [a.category, a.title])).toEqual([
      ['db', 'Split the schema into files'],
      ['General', 'Drop the v0 endpoints'],
      ['api', 'Add webhooks for pushes'],
      ['api', 'List commits'],
    ]);
    // fixes, performance, docs, reverts (and the reverted dark mode), chores and merges get no article
    const titles = draft.articles.map((a) => a.title).join(' ');
    for (const absent of ['sidebar', 'tokenized', 'banner limits', 'Dark mode', 'marked', 'README']) expect(titles).not.toContain(absent);
  });

  it('titles an article in plain text: a code span loses its backticks, other characters stay as written', () => {
    const draft = renderKbSet(groupCommits([commit('feat(billing): **annual plans** with `coupon` support')], { period }));
    expect(draft.articles[0]!.title).toBe('**annual plans** with coupon support');
  });

  it('gives breaking changes migration notes from their footer, and asks for them when the commit has none', () => {
    const refactor = byTitle('Split the schema into files').body;
    expect(refactor).toContain('**Breaking change.**');
    expect(refactor).toContain(`${MIGRATION_HEADING}\n\nThe \`schema.ts\` module moved; import from \`db/schema\` instead.`);
    expect(refactor).not.toContain('Reviewed-by');
    const dropped = byTitle('Drop the v0 endpoints').body;
    expect(dropped).toContain('The v0 routes were deprecated a year ago.');
    expect(dropped).toBe(
      `**Breaking change.** Read the migration notes before you update.\n\nThe v0 routes were deprecated a year ago.\n\nChanged in March 2025 ([a300000](${REPO}/commit/${'a3'.padEnd(40, '0')})).\n\n${MIGRATION_HEADING}\n\n${NO_MIGRATION_NOTES}\n`,
    );
    expect(renderMarkdown(dropped)).toContain('<h3>Migration notes</h3>');
  });

  it('starts a feature from its commit body and links its pull request', () => {
    expect(byTitle('Add webhooks for pushes').body).toBe(`New in March 2025 ([#12](${REPO}/pull/12)).\n`);
    // "Refs #9" is a footer, not text of the article
    expect(byTitle('List commits').body).toBe(`New in March 2025 ([#15](${REPO}/pull/15)).\n`);
    expect(byTitle('List commits').body).not.toContain('Refs');
  });

  it('escapes markup in commit text, keeps list lines and joins wrapped lines', () => {
    const message = 'feat(ui): <b>bold</b> [labels]\n\nPick a label from\nthe <menu>.\n\n- one `code`\n- two [x]\n\nSigned-off-by: Ada <ada@example.test>';
    const [article] = renderKbSet(groupCommits([commit(message)], { period })).articles;
    expect(article!.title).toBe('<b>bold</b> [labels]');
    expect(article!.body).toBe('Pick a label from the \\<menu\\>.\n\n- one `code`\n- two \\[x\\]\n\nNew in March 2025.\n');
    expect(renderMarkdown(article!.body)).not.toContain('<menu>');
  });

  it('is empty for a window of fixes and chores', () => {
    const grouped = groupCommits([commit('fix: a'), commit('chore: b', undefined, 'f'.repeat(40))], { period, includeHidden: true });
    expect(renderKbSet(grouped).articles).toEqual([]);
  });

  it('always fits the content domain: whatever the messages, the set saves', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('feat', 'feat!', 'fix!', 'chore'), fc.string({ maxLength: 300 }), fc.oneof(fc.string({ maxLength: 300 }), fc.string({ minLength: 1, maxLength: 5 }).map((s) => s.repeat(12_000)))), { maxLength: 5 }), (entries) => {
        const commits = entries.map(([type, scope, body], i) =>
          commit(`${type.replace('!', `(${scope.replace(/[()\n\r]/g, '') || 'x'})!`)}: change ${i}\n\n${body}\n\nBREAKING CHANGE: ${body}`, undefined, i.toString(16).padStart(40, '0')),
        );
        const draft = renderKbSet(groupCommits(commits, { period }));
        const parsed = ZSaveKbSetInput.safeParse(draft);
        expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 2))).toBe(true);
      }),
      { numRuns: 40, seed: 7 },
    );
  });
});

describe('the description of a commit', () => {
  it('is the body before its footers and issue references', () => {
    expect(parseMessage('feat: x\n\nFirst.\n\nSecond.\n\nCloses #3\nCo-authored-by: B <b@example.test>').description).toBe('First.\n\nSecond.');
    expect(parseMessage('feat: x\n\nBREAKING CHANGE: y').description).toBeNull();
    expect(parseMessage('feat: x').description).toBeNull();
  });
});
