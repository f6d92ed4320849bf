import { Parser } from 'htmlparser2';
import sanitize from 'sanitize-html';

// Markdown is written by agents and users: only structural tags, no styles, no scripts, no event
// handlers, and links only to http(s) and mailto.
const POLICY: sanitize.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'em', 'strong', 'del', 's',
    'a', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img', 'input', 'sup', 'sub', 'kbd',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    input: [{ name: 'type', values: ['checkbox'] }, 'checked', 'disabled'],
    code: ['class'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitize.simpleTransform('a', { rel: 'nofollow noopener noreferrer' }),
    input: sanitize.simpleTransform('input', { disabled: '' }),
  },
  // an image needs an absolute http(s) source (a relative one would load from the page's own path); a
  // form field is only a task list's checkbox
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !/^https?:\/\//i.test(frame.attribs.src ?? '')) || (frame.tag === 'input' && frame.attribs.type !== 'checkbox'),
};

/** Untrusted HTML (rendered markdown) made safe to show on pages, in feeds and in emails. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, POLICY);
}

/**
 * Sanitized HTML with its relative links resolved against `base` (the item's public page): a feed
 * reader or a mail client has no page to resolve `/pub/acme` or `#setup` against. Only those `href`
 * values change and the rest stays byte for byte: a 1.5 MB post full of links is read in tens of
 * milliseconds, where sanitizing it a second time took 0.7 s of every feed build.
 */
export function withAbsoluteLinks(html: string, base: string): string {
  if (!/<a [^>]*href="(?![a-z][a-z0-9+.-]*:)/i.test(html)) return html; // nothing relative: most documents
  const parts: string[] = [];
  let copied = 0;
  const parser = new Parser({
    onopentag(name, attribs) {
      const href = name === 'a' && attribs.href !== undefined && !SCHEME.test(attribs.href) ? resolved(attribs.href, base) : null;
      const found = href ? hrefAttribute(html.slice(parser.startIndex, parser.endIndex + 1)) : null;
      if (!found) return;
      const from = parser.startIndex + found.index;
      parts.push(html.slice(copied, from), ` href="${escapeAttribute(href!)}"`);
      copied = from + found.length;
    },
  });
  parser.end(html);
  parts.push(html.slice(copied));
  return parts.join('');
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Where the `href` attribute of a sanitized `<a ...>` start tag is. The tag is read attribute by attribute
 * from its start: a value holds no raw quote (the sanitizer escapes them), but it may hold ` href="`
 * itself (`title=" href="`), so searching the tag for it could land inside another value.
 */
function hrefAttribute(tag: string): { index: number; length: number } | null {
  const attribute = /\s+([^\s"'>/=]+)(?:="[^"]*")?/y;
  attribute.lastIndex = '<a'.length;
  for (let match = attribute.exec(tag); match; match = attribute.exec(tag)) {
    if (match[1]!.toLowerCase() === 'href' && match[0].endsWith('"')) return { index: match.index, length: match[0].length };
  }
  return null;
}

/** The absolute http(s) URL of a relative link; null for anything else (the link then stays as it was). */
function resolved(href: string, base: string): string | null {
  try {
    const url = new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Escaped as the sanitizer escapes attribute values. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
