import { parseBlocks, renderTokens } from './render';
import { blockAt, firstLineText, firstTextLine, inlineText, markdownToText } from './text';

/** The plain text of the first heading of a depth, or null. A blog post's title is its first `# `. */
export function firstHeading(source: string, depth = 1): string | null {
  const tokens = parseBlocks(source);
  const at = tokens.findIndex((t) => t.type === 'heading_open' && t.tag === `h${depth}`);
  const text = at === -1 ? '' : inlineText(tokens[at + 1]?.children, false).trim();
  return text || null;
}

/** A short plain-text summary: the first paragraph, cut at a word near `max` characters. */
export function excerpt(source: string, max = 280): string {
  const tokens = parseBlocks(source);
  const at = tokens.findIndex((t) => t.type === 'paragraph_open');
  const text = (at === -1 ? markdownToText(source) : inlineText(tokens[at + 1]?.children, false)).replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : max).trimEnd()}…`;
}

export interface ChangelogEntry {
  /** the level-2 heading the entry sits under */
  category: string;
  /** the entry's first line as the plain text a reader sees: link text kept, URLs dropped */
  title: string;
  /** the entry rendered and sanitized */
  html: string;
}

/**
 * The entries of a changelog: each top-level list item under a level-2 heading (decisions.md,
 * "Changelog feed"). A heading of level 1 or 2 ends the section; lists before any `## ` don't count.
 */
export function changelogEntries(source: string): ChangelogEntry[] {
  const tokens = parseBlocks(source);
  const entries: ChangelogEntry[] = [];
  let category: string | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'heading_open' && token.level === 0 && (token.tag === 'h1' || token.tag === 'h2')) {
      category = token.tag === 'h2' ? inlineText(tokens[i + 1]?.children, false).trim() || null : null;
    } else if ((token.type === 'bullet_list_open' || token.type === 'ordered_list_open') && token.level === 0) {
      const { inner, end } = blockAt(tokens, i);
      if (category) entries.push(...listEntries(inner, category));
      i = end;
    }
  }
  return entries;
}

function listEntries(items: ReturnType<typeof parseBlocks>, category: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  for (let i = 0; i < items.length; i++) {
    if (items[i]!.type !== 'list_item_open') continue;
    const { inner, end } = blockAt(items, i);
    const html = renderTokens(inner);
    // the first inline's first line as before (titles make guids); an item opening with code or raw HTML
    // is titled by its first line of text, and one with no text at all (an image) by its heading
    const title = firstLineText(inner.find((t) => t.type === 'inline'), false) || firstTextLine(inner) || category;
    if (html.trim()) entries.push({ category, title, html });
    i = end;
  }
  return entries;
}
