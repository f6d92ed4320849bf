import type { TProject } from '../../projects/schemas';
import type { PendingConsent } from '../../oauth/consent';

/** The consent and error pages: no script, no framing, nothing cached, no Referer to other sites (the URL holds the ticket). */
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; img-src https:; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
};

// no form-action: browsers apply it to the redirect after the post, which may go to any client scheme
const CSP_META = "default-src 'none'; img-src https:; style-src 'unsafe-inline'; base-uri 'none'";

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#f6f7f9;color:#1d2430;margin:0}
main{max-width:28rem;margin:4rem auto;background:#fff;border:1px solid #dde1e7;border-radius:8px;padding:2rem}
h1{font-size:1.35rem;margin:0 0 1rem}.logo{width:48px;height:48px;border-radius:8px;background:center/contain no-repeat;float:right}
label{display:block;margin:1rem 0}select{display:block;width:100%;padding:.5rem;margin-top:.25rem;font:inherit}
.row{display:flex;gap:.75rem;margin-top:1.5rem}button{flex:1;padding:.6rem;font:inherit;border-radius:6px;border:1px solid #1d2430;cursor:pointer}
.approve{background:#1d2430;color:#fff}.deny{background:#fff}.muted{color:#5b6472;font-size:.9rem}code{word-break:break-all}`;

export function htmlPage(title: string, body: string, status = 200): Response {
  // the same policies as meta tags too: under Next, next.config.ts's headers of those names win
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP_META}"><meta name="referrer" content="same-origin">
<title>${escapeHtml(title)} · Shipnote</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, { status, headers: PAGE_HEADERS });
}

/** `returnTo`: the client's error response, offered as a link for the user to follow (never followed unasked). */
export function errorPage(message: string, status = 400, returnTo?: string): Response {
  const back = returnTo
    ? `<p><a href="${escapeHtml(returnTo)}">Return to ${escapeHtml(redirectTarget(returnTo))}</a> to tell the application.</p>`
    : '<p class="muted">Return to the application and start the connection again.</p>';
  return htmlPage('Authorization failed', `<h1>Authorization failed</h1><p>${escapeHtml(message)}</p>\n${back}`, status);
}

export function consentPage(input: { consent: PendingConsent; csrf: string; ticket: string; email: string; projects: TProject[] }): Response {
  const { consent, projects } = input;
  const name = escapeHtml(consent.clientName);
  const logo = logoOf(consent.logoUri);
  const intro = `${logo}<h1>Connect ${name} to Shipnote</h1>
<p><strong>${name}</strong>${consent.documentHost ? ` (published by <strong>${escapeHtml(consent.documentHost)}</strong>)` : ''} asks to use Shipnote's tools on one of your projects: changelogs, blog posts,
knowledge-base sets, the banner, mailing lists and release emails.</p>
<p class="muted">After your decision you go back to <code>${escapeHtml(redirectTarget(consent.redirectUri))}</code>. Signed in as ${escapeHtml(input.email)}.</p>`;
  if (projects.length === 0) {
    return htmlPage('Connect an application', `${intro}<p>You have no project yet. <a href="/projects/new">Create a project</a>, then come back to this page.</p>`);
  }
  const options = projects.map((p) => `<option value="${escapeHtml(p.id)}">${escapeHtml(p.name)} (${escapeHtml(p.slug)})</option>`).join('');
  return htmlPage('Connect an application', `${intro}
<form method="post" action="/oauth/authorize">
<input type="hidden" name="ticket" value="${escapeHtml(input.ticket)}"><input type="hidden" name="csrf_token" value="${escapeHtml(input.csrf)}">
<label>Project<select name="project_id">${options}</select></label>
<div class="row"><button class="deny" type="submit" name="decision" value="deny">Deny</button>
<button class="approve" type="submit" name="decision" value="approve">Approve</button></div>
</form>`);
}

/**
 * Where the user goes afterwards: the host of a web redirect; for any other scheme the scheme as well,
 * as that app opens the URI whatever host follows (`web+claude://claude.ai` is not claude.ai).
 */
function redirectTarget(uri: string): string {
  const url = new URL(uri);
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.host;
  return `${url.protocol}//${url.host}`;
}

/**
 * The client's https logo as a CSS background, not an <img>: a logo that fails to load then shows
 * nothing, not the browser's broken-image icon (the page runs no script that could hide it).
 */
function logoOf(logoUri: string | null): string {
  const url = httpsUrl(logoUri);
  if (!url) return '';
  // a serialized URL holds no quote or newline; a backslash could only start a CSS escape
  const cssString = `"${url.href.replaceAll('\\', '%5C')}"`;
  return `<span class="logo" aria-hidden="true" style="${escapeHtml(`background-image:url(${cssString})`)}"></span>`;
}

function httpsUrl(value: string | null): URL | null {
  try {
    const url = value === null ? null : new URL(value);
    return url?.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
