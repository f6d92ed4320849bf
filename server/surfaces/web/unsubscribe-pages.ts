import { escapeHtml } from '../../email/html';
import type { TUnsubscribeState } from '../../unsubscribe/schemas';

// No script, no framing, nothing cached or indexed, and no Referer: the URL is the credential.
const HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#f6f7f9;color:#1d2430;margin:0}
main{max-width:30rem;margin:4rem auto;background:#fff;border:1px solid #dde1e7;border-radius:8px;padding:2rem}
h1{font-size:1.35rem;margin:0 0 1rem}button{padding:.6rem 1.2rem;font:inherit;border-radius:6px;border:1px solid #1d2430;
background:#1d2430;color:#fff;cursor:pointer}.muted{color:#5b6472;font-size:.9rem}`;

/** A page without scripts under the strict headers above; the subscription pages use it too. */
export function page(title: string, body: string, status: number, extra: Record<string, string> = {}): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, { status, headers: { ...HEADERS, ...extra } });
}

const what = (s: TUnsubscribeState) => `<strong>${escapeHtml(s.list_name)}</strong> from ${escapeHtml(s.project_name)}`;

/** GET: asks before doing anything, so link scanners that follow GETs unsubscribe nobody. */
export function confirmationPage(state: TUnsubscribeState): Response {
  if (state.status === 'unsubscribed') return donePage(state);
  return page(
    'Unsubscribe',
    `<h1>Unsubscribe?</h1><p>Stop release emails of ${what(state)} to <strong>${escapeHtml(state.email)}</strong>.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    200,
  );
}

export function donePage(state: TUnsubscribeState): Response {
  return page(
    'Unsubscribed',
    `<h1>You are unsubscribed</h1><p><strong>${escapeHtml(state.email)}</strong> no longer receives release emails of ${what(state)}.</p>
<p class="muted">You can close this page.</p>`,
    200,
  );
}

export function problemPage(status: number, message: string, extra: Record<string, string> = {}): Response {
  return page('Unsubscribe', `<h1>Unsubscribe</h1><p>${escapeHtml(message)}</p>`, status, extra);
}
