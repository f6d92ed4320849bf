import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../render';
import { withAbsoluteLinks } from '../sanitize';
import { changelogEntries, excerpt, firstHeading } from '../structure';
import { markdownToText } from '../text';
import { HOSTILE_MARKDOWN, looksExecutable } from './hostile';

describe('renderMarkdown', () => {
  it('renders GitHub-flavoured markdown', () => {
    const html = renderMarkdown('# Title\n\n**bold** and `code`\n\n- [x] done\n\n| a |\n|---|\n| 1 |\n\n[site](https://example.test)');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<td>1</td>');
    expect(html).toMatch(/<input[^>]*type="checkbox"/);
    expect(html).toContain('<a href="https://example.test" rel="nofollow noopener noreferrer">site</a>');
  });

  it('drops scripts, event handlers and script URLs but keeps the text', () => {
    const html = renderMarkdown(HOSTILE_MARKDOWN);
    expect(looksExecutable(html)).toBe(false);
    expect(html).toContain('click');
    expect(html).toContain('hover');
    expect(html).toContain('entry');
    expect(html).not.toContain('style=');
  });

  it('keeps images with an absolute http(s) source only, and no form field but a task list\'s checkbox', () => {
    const html = renderMarkdown('<img src=x> <img src="/logo.png"> ![a](https://i.test/a.png) <form><input><input type="text" value="v"></form>\n\n- [x] done');
    expect(html).toContain('<img src="https://i.test/a.png" alt="a" />');
    expect(html.match(/<img/g)).toHaveLength(1);
    expect(html.match(/<input/g)).toHaveLength(1);
    expect(html).toContain('<input type="checkbox" checked disabled />');
  });

  it('resolves relative links against the page for feeds and emails, and leaves the others as they are', () => {
    const html = renderMarkdown('[a](/pub/acme) [b](#setup) [c](https://x.test) [d](mailto:hi@x.test) [e](javascript:alert(1))');
    const absolute = withAbsoluteLinks(html, 'https://app.test/changelog/acme-1');
    expect(absolute).toContain('href="https://app.test/pub/acme"');
    expect(absolute).toContain('href="https://app.test/changelog/acme-1#setup"');
    expect(absolute).toContain('href="https://x.test"');
    expect(absolute).toContain('href="mailto:hi@x.test"');
    expect(looksExecutable(absolute)).toBe(false);
    const plain = renderMarkdown('[c](https://x.test)');
    expect(withAbsoluteLinks(plain, 'https://app.test/')).toBe(plain);
  });

  it('changes only the relative hrefs (never a title that looks like one), escaped as the sanitizer escapes them', () => {
    const html = renderMarkdown('[a](/x?a=1&b="2" "A <title> with \\"quotes\\"") `<a href="/code">` [b](https://x.test/y)\n\n    <a href="/indented">\n\n[c](../up)');
    const absolute = withAbsoluteLinks(html, 'https://app.test/blog/post');
    expect(absolute).toContain('href="https://app.test/x?a=1&amp;b=%222%22"');
    expect(absolute).toContain('href="https://app.test/up"');
    // everything else, the code that shows an <a href> as text included, stays byte for byte
    const unchanged = (text: string) => text.replace(/ href="[^"]*"/g, ' href=""');
    expect(unchanged(absolute)).toBe(unchanged(html));
    expect(absolute.match(/ href="/g)).toHaveLength(html.match(/ href="/g)!.length);
    expect(absolute).toContain('&lt;a href="/code"&gt;');
    expect(absolute).toContain('&lt;a href="/indented"&gt;');

    // the href itself, when a title before it ends in ` href=`: no value becomes an attribute
    const titled = withAbsoluteLinks(renderMarkdown('Read <a title=" href=" href="/x style=position:fixed onmouseover=alert(1) ">this</a> and <a title="x href=" href="/y">that</a>.'), 'https://app.test/blog/post');
    expect(titled).toContain('<a title=" href=" href="https://app.test/x%20style=position:fixed%20onmouseover=alert(1)"');
    expect(titled).toContain('<a title="x href=" href="https://app.test/y"');
    expect(looksExecutable(titled)).toBe(false);
    expect(titled).not.toMatch(/\sonmouseover=/);
  });

  it('keeps mailto and https links, refuses protocol-relative ones', () => {
    const html = renderMarkdown('[a](mailto:hi@example.test) [b](https://x.test/p?q=1) [c](//evil.test/x)');
    expect(html).toContain('href="mailto:hi@example.test"');
    expect(html).toContain('href="https://x.test/p?q=1"');
    expect(html).not.toContain('evil.test');
  });
});

describe('raw HTML handed to the sanitizer', () => {
  it.each([
    // an end tag crossing markdown emphasis closes where the emphasis does; the stray one goes
    ['*a <kbd>b* c</kbd> d', '<p><em>a <kbd>b</kbd></em> c d</p>'],
    // end tags matching no open element are dropped, open ones close with their block
    ['<sup>1</i></b> x', '<p><sup>1 x</sup></p>'],
    ['<kbd>Ctrl</kbd>+<kbd>C</kbd> <br> x<sub>2</sub>', '<p><kbd>Ctrl</kbd>+<kbd>C</kbd> <br /> x<sub>2</sub></p>'],
    // an HTML block may wrap markdown blocks
    ['<table>\n<tr><td>\n\n**md**\n\n</td></tr>\n</table>', '<table>\n<tr><td>\n<p><strong>md</strong></p>\n</td></tr>\n</table>'],
    // comments are dropped; a `<` that starts no tag is text
    ['<!-- note -->\n\na <!-- x --> b', '\n<p>a  b</p>'],
    ['<p>\na < b\n</p>', '<p>\na &lt; b\n</p>'],
    ['- [ ] open\n- [x] done', '<ul>\n<li><input type="checkbox" disabled /> open</li>\n<li><input type="checkbox" checked disabled /> done</li>\n</ul>'],
  ])('%j', (source, html) => {
    expect(renderMarkdown(source).trim()).toBe(html.trim());
  });
});

describe('markdownToText', () => {
  it('gives readable text with links spelled out and no markup', () => {
    const text = markdownToText('# Hello\n\nSee [docs](https://d.test) & **more**.\n\n- one\n- two\n\n<script>alert(1)</script>');
    expect(text).toBe('Hello\n\nSee docs (https://d.test) & more.\n\n- one\n- two');
  });

  it('never spells out a script URL', () => {
    expect(markdownToText(HOSTILE_MARKDOWN)).not.toMatch(/javascript:|<script/i);
  });
});

describe('structure', () => {
  it('finds the first level-1 heading as plain text', () => {
    expect(firstHeading('intro\n\n## two\n\n# The *real* title\n\n# later')).toBe('The real title');
    expect(firstHeading('no heading')).toBeNull();
  });

  it('cuts an excerpt at a word', () => {
    expect(excerpt('# T\n\nOne two three four five six', 14)).toBe('One two three…');
    expect(excerpt('# T\n\nShort.')).toBe('Short.');
  });

  it('splits a changelog into entries under level-2 headings', () => {
    const md = '# 1.2\n\n- not an entry\n\n## Added\n\n- **Exports** are faster\n  with details\n  - nested stays inside\n- Dark mode\n\n### Sub\n\n- under h3 counts\n\n## Fixed\n\n1. Crash on [empty](https://x.test) lists\n\n# Other\n\n- after h1 is not';
    const entries = changelogEntries(md);
    expect(entries.map((e) => [e.category, e.title])).toEqual([
      ['Added', 'Exports are faster'],
      ['Added', 'Dark mode'],
      ['Added', 'under h3 counts'],
      // a title is the plain text a reader sees: link text kept, the URL dropped
      ['Fixed', 'Crash on empty lists'],
    ]);
    expect(entries[0]!.html).toContain('<strong>Exports</strong>');
    expect(entries[0]!.html).toContain('nested stays inside');
  });

  it('has no entries without list items under a level-2 heading', () => {
    expect(changelogEntries('# Title\n\nJust prose.\n\n- a list without a section')).toEqual([]);
  });
});
