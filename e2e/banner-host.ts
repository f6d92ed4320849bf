import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page } from '@playwright/test';

/**
 * A customer's site on another origin, with hostile global CSS, a working button and the embed snippet.
 * `/broken/...` serves the same widget bytes from this origin, whose `/api/v1/*` drops the connection:
 * a real network failure for the widget. `/launcher` is a page with the "What's new" launcher.
 */
export async function startHostSite(appOrigin: string) {
  const scripts = new Map<string, string>();
  for (const file of ['/widget.js', '/widget-changelog.js']) scripts.set(file, await (await fetch(`${appOrigin}${file}`)).text());
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://host');
    const script = scripts.get(url.pathname);
    if (script) return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    if (url.pathname.startsWith('/api/')) {
      // a key starting with `gone-` gets a real 404 (readable cross-origin); any other, a dropped connection
      if (url.searchParams.get('key')?.startsWith('gone-')) return void res.writeHead(404, CORS_JSON).end('{"detail":"Not Found"}');
      return void req.socket.destroy();
    }
    const broken = url.pathname.startsWith('/broken');
    const origin = broken ? `http://${req.headers.host}` : url.searchParams.get('app') ?? appOrigin;
    const launcher = url.pathname.endsWith('/launcher');
    const page = launcher ? launcherPage(`${origin}/widget.js`, url.searchParams.get('key')!, url.searchParams.get('mode') ?? 'changelog', url.searchParams.has('span')) : hostPage(`${origin}/widget.js`, url.searchParams.get('key'));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const CORS_JSON = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };

/** A customer page with a "What's new" link (or a plain span) in its header for the changelog launcher (`data-mode`). */
function launcherPage(src: string, key: string, mode: string, span: boolean) {
  const whatsNew = span ? `<span id="whats-new">What's new</span>` : `<a id="whats-new" href="/updates">What's new</a>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Analytics</title>
<style>
  body { margin: 0; font-family: Georgia, serif; color: #333; }
  header { padding: 16px 24px; border-bottom: 1px solid #ddd; display: flex; gap: 24px; align-items: center; }
  header nav { margin-left: auto; display: flex; gap: 16px; }
  main { padding: 48px 24px; max-width: 720px; }
  /* hostile rules a real site might have: they must not reach the badge or the panel */
  span, strong, a, button, li, ul, h2, time { font-size: 40px !important; color: red !important; }
  div { padding: 30px; border: 3px solid red !important; }
</style></head>
<body>
  <header><b>Acme Analytics</b><nav><a href="/pricing">Pricing</a>${whatsNew}</nav></header>
  <main>
    <h1>Understand your traffic</h1>
    <p>Privacy-friendly analytics for teams that ship every day.</p>
    <p><button id="trial" type="button" onclick="this.textContent='Trial started'">Start trial</button></p>
  </main>
  <script src="${src}" data-service-key="${key}" data-mode="${mode}" data-target="#whats-new" async></script>
</body></html>`;
}

function hostPage(src: string, key: string | null) {
  const attribute = key === null ? '' : ` data-service-key="${key}"`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Analytics</title>
<style>
  body { margin: 0; font-family: Georgia, serif; color: #333; }
  header { padding: 16px 24px; border-bottom: 1px solid #ddd; display: flex; gap: 24px; }
  main { padding: 48px 24px; max-width: 720px; }
  /* hostile rules a real site might have: they must not reach the bar */
  span, strong, a, button { font-size: 40px !important; color: red !important; }
  div { padding: 30px; }
</style></head>
<body>
  <header><b>Acme Analytics</b><nav>Pricing · Docs · Blog</nav></header>
  <main>
    <h1>Understand your traffic</h1>
    <p>Privacy-friendly analytics for teams that ship every day.</p>
    <p><button id="trial" type="button" onclick="this.textContent='Trial started'">Start trial</button></p>
  </main>
  <script src="${src}"${attribute} async></script>
</body></html>`;
}

/** The signed-in user's project id, through the dashboard's own tRPC endpoint. */
export async function projectIdOf(page: Page, slug: string): Promise<string> {
  const res = await page.request.get(`/api/trpc/projects.get?input=${encodeURIComponent(JSON.stringify({ idOrSlug: slug }))}`);
  expect(res.status()).toBe(200);
  return (await res.json()).result.data.id;
}

export interface BannerContent {
  headline: string;
  body: string;
  cta_label: string;
  badge?: string;
  link_url?: string | null;
}

/** Publishes as the dashboard does (same-origin tRPC mutation as the signed-in user); returns the banner. */
export async function publishAsUser(page: Page, projectId: string, content: BannerContent) {
  const baseURL = new URL(page.url()).origin;
  const res = await page.request.post('/api/trpc/banner.publish', {
    data: content,
    headers: { origin: baseURL, 'x-shipnote-project': projectId },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.data as { slug: string; published_at: string };
}

/** The widget's bar inside its shadow root (Playwright locators pierce open shadow roots). */
export const bar = (page: Page) => page.locator('[data-shipnote-banner]').getByRole('region', { name: 'Announcement' });
