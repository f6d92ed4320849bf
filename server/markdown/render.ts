import { Marked, type Token } from 'marked';
import { sanitizeHtml } from './sanitize';

// One configured instance: GitHub-flavoured markdown, no global state shared with other code.
export const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** Markdown to sanitized HTML: the one renderer of pages, previews, feeds and release emails. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.parse(source, { async: false }));
}

/** Already-lexed block tokens to sanitized HTML (one changelog entry of a feed). */
export function renderTokens(tokens: Token[]): string {
  return sanitizeHtml(markdown.parser(tokens));
}
