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
 * reader or a mail client has no page to resolve `/pub/acme` or `#setup` against.
 */
export function withAbsoluteLinks(html: string, base: string): string {
  if (!/<a [^>]*href="(?![a-z][a-z0-9+.-]*:)/i.test(html)) return html; // nothing relative: most documents
  return sanitize(html, {
    ...POLICY,
    transformTags: {
      ...POLICY.transformTags,
      a: (tagName, attribs) => ({ tagName, attribs: attribs.href === undefined || SCHEME.test(attribs.href) ? attribs : { ...attribs, href: resolved(attribs.href, base) } }),
    },
  });
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function resolved(href: string, base: string): string {
  try {
    return new URL(href, base).href;
  } catch {
    return href;
  }
}
