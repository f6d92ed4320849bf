import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkMarkdownLimits, MARKDOWN_DEPTH_ERROR, MARKDOWN_MAX_DEPTH, withinMarkdownLimits } from '../limits';
import { nestingDepth, renderMarkdown } from '../render';

const quotes = (n: number) => `${'>'.repeat(n)} deep`;
const lists = (n: number) => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');

describe('checkMarkdownLimits', () => {
  it('counts the elements a reader gets inside each other', () => {
    expect(nestingDepth('plain')).toBe(1); // <p>
    expect(nestingDepth('## Fixed\n\n- **a [link](https://x.test)**')).toBe(4); // ul li strong a (tight: no p)
    expect(nestingDepth(quotes(3))).toBe(4); // 3 blockquotes and the p
    expect(nestingDepth(lists(3))).toBe(6); // ul li, three times
    expect(nestingDepth('<kbd><sup>x</sup></kbd>')).toBe(3);
    expect(nestingDepth('- [ ] task')).toBe(2);
  });

  it(`accepts ${MARKDOWN_MAX_DEPTH} levels and refuses one more, naming the limit`, () => {
    expect(checkMarkdownLimits(quotes(MARKDOWN_MAX_DEPTH - 1))).toBeNull();
    expect(checkMarkdownLimits(quotes(MARKDOWN_MAX_DEPTH))).toBe(MARKDOWN_DEPTH_ERROR);
    expect(MARKDOWN_DEPTH_ERROR).toContain(`deeper than ${MARKDOWN_MAX_DEPTH} levels`);
    expect(checkMarkdownLimits(lists(MARKDOWN_MAX_DEPTH / 2))).toBeNull();
    expect(checkMarkdownLimits(lists(MARKDOWN_MAX_DEPTH / 2 + 1))).toBe(MARKDOWN_DEPTH_ERROR);
  });

  it.each([
    ['3,000 quotes', quotes(3_000)],
    ['20,000 quotes', quotes(20_000)],
    ['300 nested lists (as many as 100,000 characters hold)', lists(300)],
    ['3,000 raw divs', '<div>'.repeat(3_000)],
    ['3,000 raw emphasis', '<em>'.repeat(3_000) + 'x'],
    ['3,000 nested emphasis', '*'.repeat(3_000) + 'x' + '*'.repeat(3_000)],
    ['quotes in lists in quotes', '> - '.repeat(3_000) + 'x'],
  ])('refuses %s, which still renders', (_, source) => {
    expect(checkMarkdownLimits(source)).toBe(MARKDOWN_DEPTH_ERROR);
    expect(() => renderMarkdown(source)).not.toThrow();
  });

  it.each([
    ['50,000 open brackets', '['.repeat(50_000)],
    ['50,000 closing tags', '</em>'.repeat(50_000)],
    ['a long flat changelog', '## Fixed\n\n' + '- **fix** in [a](https://x.test) `code`\n'.repeat(2_000)],
  ])('accepts %s: wide, not deep', (_, source) => {
    expect(checkMarkdownLimits(source)).toBeNull();
  });

  it('works as the refinement of a zod markdown field', () => {
    const ZContent = z.object({ content: z.string().max(100_000).refine(withinMarkdownLimits, { error: MARKDOWN_DEPTH_ERROR }) });
    expect(ZContent.safeParse({ content: '# Fine\n\n> quoted' }).success).toBe(true);
    const refused = ZContent.safeParse({ content: quotes(3_000) });
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['content'], message: MARKDOWN_DEPTH_ERROR })]);
  });
});
