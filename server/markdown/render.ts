import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import taskLists from 'markdown-it-task-lists';
import { sanitizeHtml } from './sanitize';

/**
 * One configured parser: CommonMark with GitHub's tables, strikethrough, autolinks and task lists.
 * markdown-it runs in time linear in the input for every shape we know of (emphasis runs, brackets,
 * deep nesting: its preset's `maxNesting` stops descending instead of overflowing the stack).
 */
export const markdown = new MarkdownIt('default', { html: true, linkify: true }).use(taskLists, { enabled: false });
// every link becomes an element, so the sanitizer (not a text fallback) decides: script URLs lose their href
markdown.validateLink = () => true;

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
