import type { Token, Tokens } from 'marked';
import { markdown } from './render';

const SAFE_LINK = /^(https?:|mailto:)/i;

/** Markdown as readable plain text: the text part of release emails and the search index of pages. */
export function markdownToText(source: string): string {
  return blocksToText(markdown.lexer(source)).replace(/\n{3,}/g, '\n\n').trim();
}

/** The plain text of inline tokens (a heading, the first line of a list item). */
export function inlineText(tokens: Token[] | undefined): string {
  let out = '';
  for (const token of tokens ?? []) {
    const t = token as Tokens.Generic;
    if (t.type === 'link') {
      const label = inlineText(t.tokens);
      out += SAFE_LINK.test(t.href) && t.href !== label && `mailto:${label}` !== t.href ? `${label} (${t.href})` : label;
    } else if (t.type === 'image') out += t.text;
    else if (t.type === 'br') out += '\n';
    else if (t.type === 'html') out += stripTags(t.text);
    else if (t.type === 'checkbox') out += t.checked ? '[x] ' : '[ ] ';
    else if (t.tokens) out += inlineText(t.tokens);
    else if (typeof t.text === 'string') out += decodeEntities(t.text);
  }
  return out;
}

function blocksToText(tokens: Token[], indent = ''): string {
  const parts: string[] = [];
  let prefix = '';
  for (const token of tokens) {
    const t = token as Tokens.Generic;
    if (t.type === 'checkbox') {
      prefix = t.checked ? '[x] ' : '[ ] ';
      continue;
    }
    const start = parts.length;
    switch (t.type) {
      case 'space':
      case 'def':
        break;
      case 'hr':
        parts.push('---');
        break;
      case 'code':
        parts.push(t.text);
        break;
      case 'list':
        parts.push(listToText(t as Tokens.List, indent));
        break;
      case 'blockquote':
        parts.push(blocksToText(t.tokens ?? []).split('\n').map((line) => `> ${line}`).join('\n'));
        break;
      case 'table':
        parts.push(tableToText(t as Tokens.Table));
        break;
      case 'html':
        parts.push(stripTags(t.text).trim());
        break;
      default:
        parts.push(inlineText(t.tokens ?? [t as Token]));
    }
    if (prefix && parts.length > start) {
      parts[start] = prefix + parts[start];
      prefix = '';
    }
  }
  return parts.filter((p) => p !== '').join('\n\n');
}

function listToText(list: Tokens.List, indent: string): string {
  return list.items
    .map((item, i) => {
      const marker = list.ordered ? `${Number(list.start || 1) + i}. ` : '- ';
      const body = blocksToText(item.tokens, indent + '  ').replace(/\n\n/g, '\n');
      return indent + marker + body.replace(/\n/g, `\n${indent}  `);
    })
    .join('\n');
}

function tableToText(table: Tokens.Table): string {
  const row = (cells: Tokens.TableCell[]) => cells.map((c) => inlineText(c.tokens)).join(' | ');
  return [row(table.header), ...table.rows.map(row)].join('\n');
}

function stripTags(html: string): string {
  return decodeEntities(html.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/gi, '').replace(/<[^>]*>/g, ''));
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
