import type { Tokens } from 'marked';
import { markdown, renderTokens } from './render';
import { inlineText, markdownToText } from './text';

/** The plain text of the first heading of a depth, or null. A blog post's title is its first `# `. */
export function firstHeading(source: string, depth = 1): string | null {
  const heading = markdown.lexer(source).find((t) => t.type === 'heading' && (t as Tokens.Heading).depth === depth);
  const text = heading ? inlineText((heading as Tokens.Heading).tokens).trim() : '';
  return text || null;
}

/** A short plain-text summary: the first paragraph, cut at a word near `max` characters. */
export function excerpt(source: string, max = 280): string {
  const paragraph = markdown.lexer(source).find((t) => t.type === 'paragraph') as Tokens.Paragraph | undefined;
  const text = (paragraph ? inlineText(paragraph.tokens) : markdownToText(source)).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : max).trimEnd()}…`;
}

export interface ChangelogEntry {
  /** the level-2 heading the entry sits under */
  category: string;
  /** the entry's first line as plain text */
  title: string;
  /** the entry rendered and sanitized */
  html: string;
}

/**
 * The entries of a changelog: each top-level list item under a level-2 heading (decisions.md,
 * "Changelog feed"). A heading of level 1 or 2 ends the section; lists before any `## ` don't count.
 */
export function changelogEntries(source: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let category: string | null = null;
  for (const token of markdown.lexer(source)) {
    if (token.type === 'heading') {
      const heading = token as Tokens.Heading;
      if (heading.depth <= 2) category = heading.depth === 2 ? inlineText(heading.tokens).trim() || null : null;
    } else if (token.type === 'list' && category) {
      for (const item of (token as Tokens.List).items) {
        const firstLine = item.text.split('\n')[0] ?? '';
        const title = inlineText(markdown.Lexer.lexInline(firstLine)).trim();
        if (title) entries.push({ category, title, html: renderTokens(item.tokens) });
      }
    }
  }
  return entries;
}
