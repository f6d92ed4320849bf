import MarkdownIt, { type Options } from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import { balanceHtml } from './balance';
import { sanitizeHtml } from './sanitize';
import { taskLists } from './task-lists';

/**
 * How deep blocks and elements nest when rendering; deeper ones are left out. Above the save-time limit
 * (limits.ts), so accepted content renders whole; small, as block parsing costs this many steps a line.
 */
export const RENDER_MAX_NESTING = 40;
/** Brackets inside link text: each `[` costs up to this many steps (100 KB of `![` took 0.36 s at 100). */
const INLINE_MAX_NESTING = 10;

// markdown-it reads `maxNesting` from its options; its types leave it out
const options = (maxNesting: number): Options => ({ html: true, linkify: true, ...{ maxNesting } });

/**
 * One configured parser: CommonMark with GitHub's tables, strikethrough, autolinks and task lists, in time
 * linear in the input for every shape we know of (server/markdown/__tests__/cost.test.ts).
 */
export const markdown = new MarkdownIt('default', options(RENDER_MAX_NESTING)).use(taskLists).use(balanceHtml, RENDER_MAX_NESTING);
const inlineParser = new MarkdownIt('default', options(INLINE_MAX_NESTING));
// every link becomes an element, so the sanitizer (not a text fallback) decides: script URLs lose their href
markdown.validateLink = inlineParser.validateLink = () => true;
markdown.core.ruler.at('inline', (state) => {
  for (const token of state.tokens) {
    if (token.type === 'inline') inlineParser.inline.parse(token.content, inlineParser, state.env, token.children ?? (token.children = []));
  }
});

export type { Token };

/** Markdown to sanitized HTML: the one renderer of pages, previews, feeds and release emails. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source));
}

/** Block tokens (one changelog entry of a feed) to sanitized HTML. */
export function renderTokens(tokens: Token[]): string {
  return sanitizeHtml(markdown.renderer.render(tokens, markdown.options, {}));
}

/** The block tokens of a document. */
export function parseBlocks(source: string): Token[] {
  return markdown.parse(source, {});
}

/** The deepest element nesting of a document (quotes, lists and their items, emphasis, HTML elements). */
export function nestingDepth(source: string): number {
  const env: { depth?: number } = {};
  markdown.parse(source, env);
  return env.depth ?? 0;
}
