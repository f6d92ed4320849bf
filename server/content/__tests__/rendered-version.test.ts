import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { BLOG_POST, CHANGELOG, KB_SET } from '@/server/content/kinds';
import { RENDERED_VERSION } from '@/server/content/rendered';

// Every feature of what is stored rendered: headings, entries, code, HTML kept and dropped, links,
// tables, task lists, and a summary long enough to be cut.
const SAMPLE = [
  '# Release 2.0',
  '',
  `Intro with *emphasis*, **strong**, \`code\`, a [link](https://example.com) and ${'long words '.repeat(30)}`,
  '',
  '## Added',
  '- **Dark mode**: follows the system theme <script>alert(1)</script>',
  '- ```',
  '  npm i shipnote',
  '  ```',
  '- <b>Bold</b> entry with <img src=x onerror=alert(1)>',
  '- [x] done task',
  '',
  '## Fixed',
  '1. A [script link](javascript:alert(1)) and <a href="https://example.com" onclick="x()">a safe one</a>',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '> quoted <iframe src="https://evil.test"></iframe>',
].join('\n');

// The sample's rendering under each version. When this fails because the output changed, raise
// RENDERED_VERSION (server/content/rendered.ts) and add its hash here; never edit an earlier entry:
// stored renderings of older versions are then rendered again.
const SAMPLE_SHA256_BY_VERSION: Record<number, string> = {
  2: '8252f17190ed7cb707be08c913cece97df638091952b900d81fa9c59acae3fcf',
  // images need an absolute http(s) source; form fields other than task-list checkboxes go
  3: '8d2ba2de98dcc9c6f4856903f673552984d3f0dc6ce56c3e2c96b0d2e8b97caf',
  // a blog post's title is kept with its rendering
  4: '2a84e25d04b4673bb0783260280c9a97caccdacd3990f6ba6161900571f04643',
};

it('pins the rendering of a sample to RENDERED_VERSION: a change of output must come with a new version', () => {
  const output = JSON.stringify([
    CHANGELOG.render({ content: SAMPLE }),
    BLOG_POST.render({ content: SAMPLE }),
    KB_SET.render({ articles: [{ category: 'Start', title: 'Sample', body: SAMPLE }] }),
  ]);
  const latest = Math.max(...Object.keys(SAMPLE_SHA256_BY_VERSION).map(Number));
  expect(RENDERED_VERSION).toBe(latest);
  expect(createHash('sha256').update(output).digest('hex')).toBe(SAMPLE_SHA256_BY_VERSION[RENDERED_VERSION]);
});
