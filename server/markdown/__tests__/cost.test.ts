import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../render';
import { changelogEntries } from '../structure';
import { markdownToText } from '../text';

/** Inputs that made the previous renderer quadratic or overflow its stack, by repetitions. */
const SHAPES: Record<string, (n: number) => string> = {
  'emphasis runs _a_': (n) => '_a_'.repeat(n),
  'open emphasis _a': (n) => '_a'.repeat(n),
  'strong runs **a': (n) => '**a'.repeat(n),
  'brackets [a](': (n) => '[a]('.repeat(n),
  'images ![': (n) => '!['.repeat(n),
  'backticks `a': (n) => '`a'.repeat(n),
  'angle brackets <a': (n) => '<a'.repeat(n),
  'intraword x_y': (n) => 'x_y '.repeat(n) + '_',
  'list items in a changelog': (n) => `## Fixed\n\n${'- _a_ fix\n'.repeat(n)}`,
};

function cpuMillis(work: () => unknown): number {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const start = process.cpuUsage();
    work();
    const spent = process.cpuUsage(start);
    best = Math.min(best, (spent.user + spent.system) / 1000);
  }
  return best;
}

describe('markdown cost', () => {
  it.each(Object.entries(SHAPES))('grows linearly with the input: %s', (_, make) => {
    // the largest input the 100,000-character limit allows, and an eighth of it
    const reps = Math.floor(96_000 / make(1).length);
    const small = make(Math.floor(reps / 8));
    const large = make(reps);
    const render = (source: string) => () => {
      renderMarkdown(source);
      markdownToText(source);
      changelogEntries(source);
    };
    cpuMillis(render(small)); // warm up the parser's code paths
    const ratio = cpuMillis(render(large)) / Math.max(1, cpuMillis(render(small)));
    // linear work gives 8x, and garbage collection of the larger token arrays up to about 30x here;
    // quadratic work gives 64x and more: the old renderer took 17.5 s for 100 KB of `_a_`
    expect(ratio).toBeLessThan(40);
  });

  it.each([
    ['20,000 nested quotes', '>'.repeat(20_000) + ' deep'],
    ['20,000 nested lists', Array.from({ length: 2_000 }, (_, i) => `${' '.repeat(i * 2)}- level ${i}`).join('\n')],
    ['20,000 nested divs', '<div>'.repeat(20_000) + 'deep'],
    ['50,000 open brackets', '['.repeat(50_000)],
  ])('renders %s without overflowing the stack', (_, source) => {
    expect(() => renderMarkdown(source)).not.toThrow();
    expect(() => markdownToText(source)).not.toThrow();
    expect(() => changelogEntries(`## Fixed\n\n- ${source}`)).not.toThrow();
  });
});
