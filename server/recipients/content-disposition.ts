// Characters of an RFC 7230 token that every browser takes literally in an unquoted filename.
const PLAIN = /^[A-Za-z0-9!#$&+.^_`|~-]+$/;

/**
 * `attachment; filename=...` for a plain ASCII name; otherwise a quoted ASCII fallback plus the exact
 * name as RFC 6266 / RFC 5987 `filename*`. Control characters and path separators never pass.
 */
export function attachmentDisposition(filename: string): string {
  // Buffer round trip replaces lone surrogates, which encodeURIComponent would throw on
  const safe = Buffer.from(filename.replace(/[\u0000-\u001f\u007f/\\]/g, '_')).toString();
  if (PLAIN.test(safe)) return `attachment; filename=${safe}`;
  const fallback = safe.replace(/[^\x20-\x7e]|["%]/g, '_');
  const encoded = encodeURIComponent(safe).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
