import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../render';
import { changelogEntries } from '../structure';
import { markdownToText } from '../text';

/**
 * Inputs that made a stage super-linear, by repetitions: emphasis and brackets (marked), task items
 * (markdown-it-task-lists), unmatched end tags (sanitize-html), unclosed comments (the tag stripper).
 */
const SHAPES: Record<string, (n: number) => string> = {
  'emphasis runs _a_': (n) => '_a_'.repeat(n),
  'open emphasis _a': (n) => '_a'.repeat(n),
  'strong runs **a': (n) => '**a'.repeat(n),
  'nested emphasis': (n) => '*'.repeat(n) + 'a' + '*'.repeat(n),
  'brackets [a](': (n) => '[a]('.repeat(n),
  'images ![': (n) => '!['.repeat(n),
  'backticks `a': (n) => '`a'.repeat(n),
  'angle brackets <a': (n) => '<a'.repeat(n),
  'intraword x_y': (n) => 'x_y '.repeat(n) + '_',
  'list items in a changelog': (n) => `## Fixed\n\n${'- _a_ fix\n'.repeat(n)}`,
  'entries opening with code or HTML': (n) => `## Fixed\n\n${'- ```\n  a\n  ```\n- <p>b</p>\n'.repeat(n)}`,
  'task list items': (n) => '- [ ] a\n'.repeat(n),
  'end tags matching no open tag': (n) => '<b>'.repeat(n) + '</i>'.repeat(n),
  'the same in an HTML block': (n) => `<div>\n${'<em>'.repeat(n)}${'</strong>'.repeat(n)}`,
  'unclosed comments': (n) => '<!--\n'.repeat(n),
  'unclosed CDATA': (n) => '<![CDATA['.repeat(n),
  'unclosed scripts': (n) => '<script>'.repeat(n),
  'lazy lines in the deepest quotes': (n) => `${'>'.repeat(31)} a\n${'a\n'.repeat(n)}`,
};

/**
 * CPU times of `a` and `b`, each the least of a few runs taken in turn (garbage collection and other
 * processes only add, and a slow spell of the machine then slows both, not one of them).
 */
function cpuMillisPaired(a: () => unknown, b: () => unknown): [number, number] {
  const best = [Infinity, Infinity];
  for (let round = 0; round < 5; round++) {
    [a, b].forEach((work, i) => {
      const start = process.cpuUsage();
      work();
      const spent = process.cpuUsage(start);
      best[i] = Math.min(best[i]!, (spent.user + spent.system) / 1000);
    });
  }
  return [best[0]!, best[1]!];
}

const STAGES = { renderMarkdown, markdownToText, changelogEntries } as const;
// no database involved: the PostgreSQL project need not spend the CPU time again
const onPostgres = Boolean(process.env.DATABASE_URL);

describe('markdown cost', () => {
  describe.skipIf(onPostgres).each(Object.entries(SHAPES))('grows linearly with the input: %s', (_, make) => {
    it.each(Object.entries(STAGES))('%s', (__, stage) => {
      // about the largest input the 100,000-character changelog limit allows, against a 32nd of it done
      // 32 times: the same characters, so linear work takes about as long, quadratic work 32 times longer
      const reps = Math.floor(96_000 / (make(2).length - make(1).length));
      const small = make(Math.floor(reps / 32));
      const large = make(reps);
      const run = (source: string, times: number) => () => {
        for (let i = 0; i < times; i++) stage(source);
      };
      run(small, 32)(); // warm up the code paths
      const [largeMillis, smallMillis] = cpuMillisPaired(run(large, 1), run(small, 32));
      const ratio = largeMillis / Math.max(1, smallMillis);
      // linear: about 1, up to ~4 with the garbage collection of larger token arrays; quadratic: ~32
      // (the renderers replaced here measured 12 to 47)
      expect(ratio).toBeLessThan(8);
    });
  });

  it.each([
    ['20,000 nested quotes', '>'.repeat(20_000) + ' deep'],
    ['2,000 nested lists', Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i * 2)}- level ${i}`).join('\n')],
    ['20,000 nested divs', '<div>'.repeat(20_000) + 'deep'],
    ['20,000 nested raw emphasis', '<em>'.repeat(20_000) + 'deep'],
    ['20,000 nested emphasis', '*'.repeat(20_000) + 'deep' + '*'.repeat(20_000)],
    ['50,000 open brackets', '['.repeat(50_000)],
    ['20,000 nested images', '!['.repeat(20_000) + 'a' + '](b)'.repeat(20_000)],
  ])('renders %s without overflowing the stack', (_, source) => {
    expect(() => renderMarkdown(source)).not.toThrow();
    expect(() => markdownToText(source)).not.toThrow();
    expect(() => changelogEntries(`## Fixed\n\n- ${source}`)).not.toThrow();
  });
});
