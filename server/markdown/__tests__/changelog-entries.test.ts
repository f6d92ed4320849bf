import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../render';
import { changelogEntries } from '../structure';
import { looksExecutable } from './hostile';

// every top-level item under a `## ` is one entry with all its content, whatever block it opens with
const MIXED = `## Added

- Loose entry one

  More detail for one.

- Loose entry two

## Changed

- \`\`\`
  code first
  \`\`\`
- <div>Block HTML entry</div>
- Normal entry
`;

describe('changelogEntries', () => {
  it('has one entry per item, also for items opening with code or an HTML block', () => {
    const entries = changelogEntries(MIXED);
    expect(entries.map((e) => [e.category, e.title])).toEqual([
      ['Added', 'Loose entry one'],
      ['Added', 'Loose entry two'],
      ['Changed', 'code first'],
      ['Changed', 'Block HTML entry'],
      ['Changed', 'Normal entry'],
    ]);
    expect(entries[0]!.html).toBe('<p>Loose entry one</p>\n<p>More detail for one.</p>\n');
    expect(entries[2]!.html).toBe('<pre><code>code first\n</code></pre>\n');
    // the sanitizer drops the div, as on the page
    expect(entries[3]!.html).toBe('Block HTML entry\n');
    expect(entries[4]!.html).toBe('Normal entry');
  });

  it('keeps all of a loose item: paragraphs, nested lists, code and quotes', () => {
    const md = '## Added\n\n- First line\n  second line\n\n  Later paragraph.\n\n  - nested one\n  - nested two\n\n  ```js\n  run()\n  ```\n\n  > quoted\n\n- Next';
    const [first, next] = changelogEntries(md);
    expect(first!.title).toBe('First line');
    for (const part of ['<p>First line\nsecond line</p>', '<p>Later paragraph.</p>', '<li>nested one</li>', '<li>nested two</li>', '<code class="language-js">run()', '<blockquote>', 'quoted']) {
      expect(first!.html).toContain(part);
    }
    expect(first!.html).not.toContain('Next');
    expect(next).toMatchObject({ title: 'Next', html: '<p>Next</p>\n' });
  });

  it('titles an item without inline text by its first line of text, else by its heading', () => {
    const md = [
      '## Fixed',
      '- ```\n\n    npm i x   \n  second\n  ```',
      '- <div>\n  <p>Read <a href="https://x.test">the docs</a> &amp; more</p>\n  </div>',
      '- <div><img src="https://x.test/a.png"><script>alert("not text")</script></div>',
      '- ![](https://x.test/shot.png)',
    ].join('\n');
    expect(changelogEntries(md).map((e) => e.title)).toEqual(['npm i x', 'Read the docs & more', 'Fixed', 'Fixed']);
  });

  it('keeps the title of an item opening with code and followed by text (guids do not move)', () => {
    const md = '## Added\n\n- ```\n  npm i x\n  ```\n\n  Install it with npm.\n';
    expect(changelogEntries(md)).toMatchObject([{ title: 'Install it with npm.', html: expect.stringContaining('npm i x') }]);
  });

  it('leaves out items with nothing to show', () => {
    expect(changelogEntries('## Added\n\n-\n- <script>alert(1)</script>\n- Real')).toMatchObject([{ title: 'Real' }]);
  });

  it('sanitizes entries that open with HTML blocks as strictly as the page', () => {
    const md = [
      '## Added',
      '- <img src="x" onerror="alert(1)">',
      '- <div onclick="alert(2)"><a href="javascript:alert(3)">go</a></div>\n  <iframe src="https://evil.test"></iframe>',
      '- <svg onload="alert(4)"><circle /></svg>',
    ].join('\n');
    const entries = changelogEntries(md);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(looksExecutable(entry.html)).toBe(false);
      expect(renderMarkdown(md)).toContain(entry.html.trim());
    }
  });
});
