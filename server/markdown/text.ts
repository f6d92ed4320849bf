import { parseBlocks, type Token } from './render';

const SAFE_LINK = /^(https?:|mailto:)/i;

/** Markdown as readable plain text: the text part of release emails and the search index of pages. */
export function markdownToText(source: string): string {
  return blocksToText(parseBlocks(source)).replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * The plain text of an inline token's children (a heading, a list item's first line). With `spellLinks`
 * a link keeps its URL in parentheses (emails); without, only the text a reader sees (feed titles).
 */
export function inlineText(children: Token[] | null | undefined, spellLinks = true): string {
  let out = '';
  let href: string | null = null;
  let label = '';
  let inScript = false;
  for (const token of children ?? []) {
    // inline <script>/<style> arrive as open tag, text, close tag: their text is never shown
    if (token.type === 'html_inline' && /^<(script|style)\b/i.test(token.content)) inScript = true;
    if (token.type === 'html_inline' && /<\/(script|style)\b/i.test(token.content)) inScript = false;
    if (inScript) continue;
    if (token.type === 'link_open') {
      href = token.attrGet('href') ?? '';
      label = '';
      continue;
    }
    if (token.type === 'link_close') {
      const spelled = spellLinks && href && SAFE_LINK.test(href) && href !== label && `mailto:${label}` !== href;
      out += spelled ? `${label} (${href})` : label;
      href = null;
      continue;
    }
    const text = tokenText(token);
    if (href !== null) label += text;
    else out += text;
  }
  return out;
}

function tokenText(token: Token): string {
  if (token.type === 'softbreak' || token.type === 'hardbreak') return '\n';
  if (token.type === 'image') return inlineText(token.children, false);
  if (token.type === 'html_inline') return stripTags(token.content);
  if (token.type === 'text' || token.type === 'code_inline') return token.content;
  return '';
}

/** The first line of an inline token, as plain text. */
export function firstLineText(inline: Token | undefined, spellLinks = true): string {
  const children = inline?.children ?? [];
  const end = children.findIndex((t) => t.type === 'softbreak' || t.type === 'hardbreak');
  return inlineText(end === -1 ? children : children.slice(0, end), spellLinks).trim();
}

/**
 * The first non-empty line of text a reader sees in block tokens (inline text, code, raw HTML), links
 * without their URLs; '' when there is none. For blocks that open with code or raw HTML.
 */
export function firstTextLine(tokens: Token[]): string {
  for (const token of tokens) {
    const text = token.type === 'inline' ? inlineText(token.children, false)
      : token.type === 'fence' || token.type === 'code_block' ? token.content
      : token.type === 'html_block' ? stripTags(token.content)
      : '';
    const line = text.split('\n').find((l) => l.trim() !== '');
    if (line) return line.trim();
  }
  return '';
}

/** The tokens between an opening token at `start` and its matching close, exclusive. */
export function blockAt(tokens: Token[], start: number): { inner: Token[]; end: number } {
  let depth = 0;
  for (let i = start; i < tokens.length; i++) {
    depth += tokens[i]!.nesting;
    if (depth === 0) return { inner: tokens.slice(start + 1, i), end: i };
  }
  return { inner: tokens.slice(start + 1), end: tokens.length - 1 };
}

function blocksToText(tokens: Token[], indent = ''): string {
  const parts: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'inline') parts.push(inlineText(token.children));
    else if (token.type === 'fence' || token.type === 'code_block') parts.push(token.content.replace(/\n$/, ''));
    else if (token.type === 'html_block') parts.push(stripTags(token.content).trim());
    else if (token.type === 'hr') parts.push('---');
    else if (token.nesting === 1) {
      const { inner, end } = blockAt(tokens, i);
      if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open') parts.push(listToText(token, inner, indent));
      else if (token.type === 'blockquote_open') parts.push(blocksToText(inner).split('\n').map((line) => `> ${line}`).join('\n'));
      else if (token.type === 'table_open') parts.push(tableToText(inner));
      else parts.push(blocksToText(inner, indent));
      i = end;
    }
  }
  return parts.filter((p) => p !== '').join('\n\n');
}

function listToText(list: Token, items: Token[], indent: string): string {
  const lines: string[] = [];
  let number = Number(list.attrGet('start') ?? 1);
  for (let i = 0; i < items.length; i++) {
    if (items[i]!.type !== 'list_item_open') continue;
    const { inner, end } = blockAt(items, i);
    const marker = list.type === 'ordered_list_open' ? `${number++}. ` : '- ';
    const body = blocksToText(inner, indent + '  ').replace(/\n\n/g, '\n');
    lines.push(indent + marker + body.replace(/\n/g, `\n${indent}  `));
    i = end;
  }
  return lines.join('\n');
}

function tableToText(tokens: Token[]): string {
  const rows: string[] = [];
  let cells: string[] = [];
  for (const token of tokens) {
    if (token.type === 'inline') cells.push(inlineText(token.children));
    if (token.type === 'tr_close') {
      rows.push(cells.join(' | '));
      cells = [];
    }
  }
  return rows.join('\n');
}

const TAG_START = /<([a-z][a-z0-9-]*)?/iy;
const HIDDEN_END: Record<string, RegExp> = { script: /<\/script/gi, style: /<\/style/gi };

/** The text of raw HTML: tags dropped, scripts and styles with their content. One pass (no regex backtracking). */
function stripTags(html: string): string {
  let out = '';
  let at = 0;
  for (let lt = html.indexOf('<'); lt !== -1; lt = html.indexOf('<', at)) {
    const gt = html.indexOf('>', lt);
    if (gt === -1) break; // no tag ends after here: the rest is text
    out += html.slice(at, lt);
    TAG_START.lastIndex = lt;
    const hidden = HIDDEN_END[TAG_START.exec(html)?.[1]?.toLowerCase() ?? ''];
    at = gt + 1;
    if (hidden) {
      hidden.lastIndex = at;
      const end = hidden.exec(html);
      if (!end) return decodeEntities(out);
      at = html.indexOf('>', end.index) + 1 || html.length;
    }
  }
  return decodeEntities(out + html.slice(at));
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => safeChar(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => safeChar(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

function safeChar(code: number): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}
