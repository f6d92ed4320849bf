import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';

// htmlparser2 (in sanitize-html) searches its whole stack for every end tag that matches no open element:
// 16,000 `<b>` then 12,000 `</i>` took 0.7 s. So every end tag we hand it closes the element opened last,
// and nothing nests deeper than a cap. docs/security.md, "Markdown: linear time, bounded depth".

/** Elements with no end tag: never pushed. A subset of htmlparser2's list, so we never miss one it opens. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

// CommonMark's open and close tags (markdown-it's html_re): what markdown-it itself accepts as one tag
const ATTRIBUTE = `(?:\\s+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:\\s*=\\s*(?:[^"'=<>\`\\x00-\\x20]+|'[^']*'|"[^"]*"))?)`;
const TAG = new RegExp(`<([A-Za-z][A-Za-z0-9-]*)${ATTRIBUTE}*\\s*\\/?>|<\\/([A-Za-z][A-Za-z0-9-]*)\\s*>`, 'y');
const TAG_NAME = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)/;

/** What a parse leaves in `env`: the deepest element nesting the document reached (or tried to). */
export interface BalanceEnv {
  depth?: number;
}

interface Open {
  name: string;
  raw: boolean;
  /** false for a tight list's hidden paragraph: no element, but still a boundary for raw end tags */
  shown: boolean;
  /** false for emphasis past the cap, rendered as its markup */
  kept: boolean;
  /** raw elements open above this markdown element, by name */
  rawNames?: Map<string, number>;
}

class Balancer {
  private readonly stack: Open[] = [];
  /** the markdown elements of `stack` (and the document), each with the raw elements open above it */
  private readonly markdown: Open[] = [{ name: '', raw: false, shown: false, kept: true }];
  private depth = 0;
  deepest = 0;

  constructor(private readonly cap: number) {}

  blocks(tokens: Token[], Tok: typeof Token): Token[] {
    const out: Token[] = [];
    for (const token of tokens) {
      if (token.type === 'inline') token.children = this.inline(token.children ?? [], Tok);
      else if (token.type === 'html_block') token.content = this.htmlBlock(token.content);
      else if (token.nesting === 1) this.push({ name: token.tag, raw: false, shown: !token.hidden, kept: true });
      else if (token.nesting === -1) this.closeMarkdown(out, 'html_block', Tok);
      out.push(token);
    }
    const rest = this.closeRawAbove();
    if (rest) out.push(html(Tok, 'html_block', rest));
    return out;
  }

  private inline(children: Token[], Tok: typeof Token): Token[] {
    const out: Token[] = [];
    for (const token of children) {
      if (token.type === 'html_inline') token.content = this.rawTag(token.content);
      else if (token.nesting === 1) {
        const kept = this.depth < this.cap;
        this.push({ name: token.tag, raw: false, shown: kept, kept });
        if (!kept) this.tooDeep(token);
      } else if (token.nesting === -1 && !this.closeMarkdown(out, 'html_inline', Tok)) asText(token);
      out.push(token);
    }
    return out;
  }

  /** Splits a raw HTML block into tags (kept, balanced or dropped) and text (`<` escaped). */
  private htmlBlock(content: string): string {
    let out = '';
    let at = 0;
    let unclosedSpecial = false;
    for (let lt = content.indexOf('<'); lt !== -1; lt = content.indexOf('<', at)) {
      out += content.slice(at, lt);
      TAG.lastIndex = lt;
      const tag = TAG.exec(content);
      const special: number = tag || unclosedSpecial ? -1 : specialEnd(content, lt);
      if (tag) {
        out += this.rawTag(tag[0]);
        at = lt + tag[0].length;
      } else if (special > 0) {
        at = special; // comments, processing instructions, declarations, CDATA: the sanitizer drops them
      } else {
        unclosedSpecial ||= special === 0;
        out += '&lt;';
        at = lt + 1;
      }
    }
    return out + content.slice(at);
  }

  /** One raw tag as it may appear: itself, its end tag after those of elements opened inside it, or nothing. */
  private rawTag(source: string): string {
    const match = TAG_NAME.exec(source);
    if (!match) return ''; // a comment, processing instruction, declaration or CDATA: the sanitizer drops them
    const name = match[2]!.toLowerCase();
    if (VOID.has(name)) return match[1] ? '' : source;
    const names = (this.markdown.at(-1)!.rawNames ??= new Map<string, number>());
    if (!match[1]) {
      if (this.depth >= this.cap) return this.tooDeep();
      names.set(name, (names.get(name) ?? 0) + 1);
      this.push({ name, raw: true, shown: true, kept: true });
      return source;
    }
    if (!names.get(name)) return '';
    let closes = '';
    for (let open = this.pop(); open.name !== name; open = this.pop()) closes += `</${open.name}>`;
    return `${closes}</${name}>`;
  }

  /** Closes the raw elements above the markdown element a close token ends; false when that element was not kept. */
  private closeMarkdown(out: Token[], type: 'html_block' | 'html_inline', Tok: typeof Token): boolean {
    const closes = this.closeRawAbove();
    if (closes) out.push(html(Tok, type, closes));
    return this.pop().kept;
  }

  private closeRawAbove(): string {
    let closes = '';
    while (this.stack.at(-1)?.raw) closes += `</${this.pop().name}>`;
    return closes;
  }

  /** An element past the cap: recorded for the save-time check, then left out. */
  private tooDeep(token?: Token): string {
    this.deepest = Math.max(this.deepest, this.depth + 1);
    if (token) asText(token);
    return '';
  }

  private push(open: Open) {
    this.stack.push(open);
    if (!open.raw) this.markdown.push(open);
    if (open.shown) this.deepest = Math.max(this.deepest, ++this.depth);
  }

  private pop(): Open {
    const open = this.stack.pop()!;
    if (open.shown) this.depth--;
    if (!open.raw) this.markdown.pop();
    else this.markdown.at(-1)!.rawNames!.set(open.name, this.markdown.at(-1)!.rawNames!.get(open.name)! - 1);
    return open;
  }
}

/**
 * Where a comment, processing instruction, declaration or CDATA section starting at `lt` ends; 0 when it
 * never ends (then none later does either), -1 when none starts there. As markdown-it's html_inline.
 */
function specialEnd(source: string, lt: number): number {
  let from: number;
  let terminator: string;
  if (source.startsWith('<!--', lt)) [from, terminator] = [lt + 4, '-->'];
  else if (source.startsWith('<![CDATA[', lt)) [from, terminator] = [lt + 9, ']]>'];
  else if (source[lt + 1] === '?') [from, terminator] = [lt + 2, '?>'];
  else if (source[lt + 1] === '!' && /[A-Za-z]/.test(source[lt + 2] ?? '')) [from, terminator] = [lt + 3, '>'];
  else return -1;
  const end = source.indexOf(terminator, from);
  return end === -1 ? 0 : end + terminator.length;
}

function html(Tok: typeof Token, type: 'html_block' | 'html_inline', content: string): Token {
  const token = new Tok(type, '', 0);
  token.content = content;
  return token;
}

/** Emphasis past the cap: its markup as text (a link's delimiters are not kept: its text stays). */
function asText(token: Token) {
  token.content = token.type === 'link_open' || token.type === 'link_close' ? '' : token.markup;
  token.type = 'text';
  token.tag = '';
  token.nesting = 0;
}

/** The core rule; `cap` is markdown-it's `maxNesting`, where it already stops nesting blocks. */
export function balanceHtml(md: MarkdownIt, cap: number) {
  md.core.ruler.push('balance_html', (state: StateCore) => {
    const balancer = new Balancer(cap);
    state.tokens = balancer.blocks(state.tokens, state.Token);
    (state.env as BalanceEnv).depth = balancer.deepest;
  });
}
