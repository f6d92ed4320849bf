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
};

/** Untrusted HTML (rendered markdown) made safe to show on pages, in feeds and in emails. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, POLICY);
}
