import { describe, expect, it } from 'vitest';
import { parseMessage } from '../generate/parse-message';

describe('parseMessage', () => {
  it('reads type, scope and subject of a conventional header', () => {
    expect(parseMessage('feat(api): add webhooks')).toMatchObject({ type: 'feat', scope: 'api', subject: 'add webhooks', breaking: false });
    expect(parseMessage('Fix: trim names')).toMatchObject({ type: 'fix', scope: null, subject: 'trim names' });
    expect(parseMessage('feature(ui): dark mode')).toMatchObject({ type: 'feat', scope: 'ui' });
    expect(parseMessage('bugfix:   spaces after the colon')).toMatchObject({ type: 'fix', subject: 'spaces after the colon' });
  });

  it('marks a header with `!` as breaking', () => {
    expect(parseMessage('feat(api)!: drop v0')).toMatchObject({ type: 'feat', scope: 'api', breaking: true, breakingNote: null });
    expect(parseMessage('chore!: require Node 20')).toMatchObject({ type: 'chore', breaking: true });
  });

  it('reads a BREAKING CHANGE footer, continued lines included, up to the next footer', () => {
    const parsed = parseMessage('refactor: move schema\n\nLonger body.\n\nBREAKING CHANGE: schema.ts moved;\nimport db/schema.\nReviewed-by: Linus');
    expect(parsed).toMatchObject({ type: 'refactor', breaking: true, breakingNote: 'schema.ts moved; import db/schema.' });
    expect(parseMessage('fix: x\n\nBREAKING-CHANGE: config key renamed')).toMatchObject({ breaking: true, breakingNote: 'config key renamed' });
    // only a footer at the start of a line counts
    expect(parseMessage('fix: x\n\nThis is not a BREAKING CHANGE: really')).toMatchObject({ breaking: false });
  });

  it('files messages that are not conventional, or of an unknown type, as other', () => {
    expect(parseMessage('Update README')).toMatchObject({ type: 'other', subject: 'Update README', scope: null });
    expect(parseMessage('wip: half done')).toMatchObject({ type: 'other', subject: 'wip: half done' });
    expect(parseMessage('feat add colon missing')).toMatchObject({ type: 'other' });
    expect(parseMessage('feat: ')).toMatchObject({ type: 'other' });
  });

  it('takes the pull request from a trailing (#N) and issues from closing keywords', () => {
    expect(parseMessage('feat: list commits (#15)')).toMatchObject({ subject: 'list commits', pullRequest: 15, issues: [] });
    expect(parseMessage('fix: x\n\nCloses #40, #41\nfixes: #7\nRefs #9 and #10')).toMatchObject({ issues: [40, 41, 7, 9, 10] });
    expect(parseMessage('fix: issue #3 in the middle stays text')).toMatchObject({ subject: 'issue #3 in the middle stays text', pullRequest: null });
  });

  it('recognises merge commits', () => {
    expect(parseMessage('Merge pull request #13 from acme/sidebar\n\nKeep it open')).toMatchObject({ type: 'merge', pullRequest: 13 });
    expect(parseMessage("Merge branch 'main' into release")).toMatchObject({ type: 'merge', pullRequest: null });
    expect(parseMessage("Merge remote-tracking branch 'origin/main'")).toMatchObject({ type: 'merge' });
    expect(parseMessage('Mergers and acquisitions page')).toMatchObject({ type: 'other' });
  });

  it('recognises git and conventional reverts with the commit they undo', () => {
    const git = parseMessage('Revert "feat(ui): dark mode"\n\nThis reverts commit 1234567890ABCDEF.');
    expect(git).toMatchObject({ type: 'revert', scope: 'ui', subject: 'dark mode', reverts: { sha: '1234567890abcdef', header: 'feat(ui): dark mode' } });
    const conventional = parseMessage('revert: fix(auth): refresh early\n\nThis reverts commit 0ff1ce5.');
    expect(conventional).toMatchObject({ type: 'revert', reverts: { sha: '0ff1ce5', header: 'fix(auth): refresh early' } });
  });

  it('accepts CRLF line endings and surrounding blank lines', () => {
    expect(parseMessage('\r\nfeat(x)!: y\r\n\r\nBREAKING CHANGE: z\r\n')).toMatchObject({ type: 'feat', breaking: true, breakingNote: 'z' });
  });
});
