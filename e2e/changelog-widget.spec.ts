import { expect, test, type Page } from '@playwright/test';
import { bar, projectIdOf, publishAsUser, startHostSite } from './banner-host';
import { signUpWithProject } from './helpers';

const SHOTS = 'test-results/changelog-widget';
let host: Awaited<ReturnType<typeof startHostSite>>;
let appOrigin: string;

test.beforeAll(async ({ baseURL }) => {
  appOrigin = baseURL!;
  host = await startHostSite(appOrigin);
});
test.afterAll(async () => host.close());

const badge = (page: Page) => page.locator('[data-shipnote-badge]');
const panel = (page: Page) => page.getByRole('dialog', { name: "What's new" });
const target = (page: Page) => page.locator('#whats-new');

function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** As the dashboard does: same-origin tRPC calls of the signed-in member, on their project. */
function dashboard(page: Page, projectId: string) {
  const headers = { origin: appOrigin, 'x-shipnote-project': projectId };
  const mutate = async (path: string, data: unknown) => {
    const res = await page.request.post(`/api/trpc/${path}`, { data, headers });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).result.data;
  };
  return {
    async publishChangelog(title: string, version?: string): Promise<{ slug: string }> {
      const draft = await mutate('changelogs.manage.save', { title, version, content: '## Added\n\n- something' });
      return mutate('content.publish', { kind: 'changelog', id: draft.id });
    },
    async embedKey(): Promise<string> {
      const res = await page.request.get('/api/trpc/banner.get', { headers });
      expect(res.status()).toBe(200);
      return (await res.json()).result.data.slug;
    },
  };
}

async function setUp(page: Page, name: string) {
  const { slug } = await signUpWithProject(page, name);
  const projectId = await projectIdOf(page, slug);
  const project = dashboard(page, projectId);
  return { project, projectId, key: await project.embedKey() };
}

test('badge counts unread changelogs, the panel lists the latest five as text with links, opening marks them read', async ({ page, context }) => {
  const { project, key } = await setUp(page, 'Launcher desktop');
  const hostile = '<img src=x onerror="window.__pwned=1">Faster exports';
  const published = [];
  for (const [i, title] of ['Audit log', 'SSO', 'Webhooks', 'Dark mode', 'CSV import', hostile].entries()) {
    published.push(await project.publishChangelog(title, `1.${i}.0`));
  }
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${host.origin}/launcher?key=${key}`);
  await expect(badge(page).locator('.count')).toHaveText('6');
  await expect(badge(page).locator('.sr')).toHaveText(' (6 new)');
  await expect(target(page)).toHaveAttribute('aria-expanded', 'false');
  // hostile page CSS (`span { font-size: 40px !important }`) stays outside the shadow root
  expect(await badge(page).locator('.count').evaluate((el) => getComputedStyle(el).fontSize)).toBe('11px');
  await page.screenshot({ path: `${SHOTS}/badge-desktop.png` });

  await target(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(page).toHaveURL(/\/launcher\?/); // the target's own link is not followed
  const links = panel(page).getByRole('link');
  await expect(links).toHaveCount(5);
  await expect(links.first()).toHaveText(hostile);
  await expect(links.first()).toHaveAttribute('href', `${appOrigin}/changelog/${published[5]!.slug}`);
  await expect(links.nth(4)).toHaveText('SSO');
  await expect(links.nth(4)).toHaveAttribute('href', `${appOrigin}/changelog/${published[1]!.slug}`);
  await expect(panel(page).locator('.item').first()).toContainText('New');
  await expect(panel(page).locator('.item').first()).toContainText('1.5.0');
  await expect(panel(page).locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(links.first()).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('[data-shipnote-changelog-panel]').evaluate((el) => el.shadowRoot!.querySelectorAll('img').length)).toBe(0);
  expect(await links.first().evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
  const box = (await panel(page).boundingBox())!;
  const anchor = (await target(page).boundingBox())!;
  expect(box.y).toBeGreaterThan(anchor.y + anchor.height - 1);
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  await page.screenshot({ path: `${SHOTS}/panel-desktop.png` });

  // opening marked everything read: the badge is gone, and stays gone on the next visit
  await expect(badge(page)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(target(page)).toBeFocused();
  await page.reload();
  await target(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).locator('.new')).toHaveCount(0);
  await expect(badge(page)).toHaveCount(0);
  // a click outside closes it, and the page under it works
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(page.locator('#trial')).toHaveText('Trial started');

  // one more publish: one unread, marked New in the panel
  const latest = await project.publishChangelog('Usage alerts');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache'); // the list is cacheable for a minute, as a later visit would not hold it
  await page.goto(`${host.origin}/launcher?key=${key}`);
  await expect(badge(page).locator('.count')).toHaveText('1');
  await expect(badge(page).locator('.sr')).toHaveText(' (1 new)');
  await target(page).click();
  await expect(panel(page).locator('.new')).toHaveCount(1);
  await expect(panel(page).locator('.item').first()).toContainText('New');
  await expect(panel(page).getByRole('link').first()).toHaveAttribute('href', `${appOrigin}/changelog/${latest.slug}`);
  // clicking the target again closes the panel
  await target(page).click();
  await expect(panel(page)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('is readable at phone width and works from the keyboard', async ({ page }) => {
  const { project, key } = await setUp(page, 'Launcher phone');
  await project.publishChangelog('A very long changelog title that has to wrap on a phone screen without overflowing', '2.0.0');
  await project.publishChangelog('Shorter one');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${host.origin}/launcher?key=${key}`);
  await expect(badge(page).locator('.count')).toHaveText('2');
  await expect(badge(page).locator('.sr')).toHaveText(' (2 new)');
  await page.screenshot({ path: `${SHOTS}/badge-phone.png` });

  await target(page).focus();
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
  await expect(target(page)).toHaveAttribute('aria-expanded', 'true');
  const box = (await panel(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(panel(page).getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel(page).getByRole('link', { name: /very long changelog/ })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/panel-phone.png` });
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await expect(target(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await panel(page).getByRole('button', { name: 'Close' }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(target(page)).toHaveAttribute('aria-expanded', 'false');
});

test('shows bar and badge from one tag with data-mode="banner changelog"; a plain element becomes a keyboard button', async ({ page }) => {
  const { project, projectId, key } = await setUp(page, 'Launcher both');
  await project.publishChangelog('Both at once');
  await publishAsUser(page, projectId, { headline: 'Big release today', body: 'Read all about it.', cta_label: '', link_url: null });
  const launcherLoads: string[] = [];
  page.on('request', (req) => void (req.url().endsWith('/widget-changelog.js') && launcherLoads.push(req.url())));

  // the banner alone never loads the launcher
  await page.goto(`${host.origin}/?key=${key}`);
  await expect(bar(page)).toContainText('Big release today');
  expect(launcherLoads).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${host.origin}/launcher?key=${key}&span&mode=${encodeURIComponent('banner changelog')}`);
  await expect(bar(page)).toContainText('Big release today');
  await expect(badge(page).locator('.count')).toHaveText('1');
  expect(launcherLoads).toEqual([`${appOrigin}/widget-changelog.js`]);
  await expect(target(page)).toHaveAttribute('role', 'button');
  await expect(target(page)).toHaveAttribute('tabindex', '0');
  await target(page).focus();
  await page.keyboard.press('Space');
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('link', { name: 'Both at once' })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/banner-and-panel.png` });
  await page.keyboard.press('Escape');
  await expect(panel(page)).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
});

test('with nothing published, a 404 or a network failure it does nothing and the target keeps its own link', async ({ page }) => {
  const errors = collectErrors(page);
  const { key } = await setUp(page, 'Launcher empty');
  for (const path of [`/launcher?key=${key}`, '/broken/launcher?key=gone-here', '/broken/launcher?key=dropped']) {
    const asked = page.waitForResponse((res) => res.url().includes('/api/v1/changelogs')).catch(() => null);
    const failed = page.waitForEvent('requestfailed', (req) => req.url().includes('/api/v1/changelogs')).catch(() => null);
    await page.goto(`${host.origin}${path}`);
    await Promise.race([asked, failed]);
    await page.waitForLoadState('networkidle');
    await expect(badge(page)).toHaveCount(0);
    await expect(target(page)).not.toHaveAttribute('aria-haspopup', 'dialog');
    await target(page).click();
    await expect(page).toHaveURL(`${host.origin}/updates`);
  }
  expect(errors).toEqual([]);
});

test('renders nothing and leaves the page working when rate limited (429)', async ({ page }) => {
  test.setTimeout(150_000);
  const { project, key } = await setUp(page, 'Launcher limited');
  await project.publishChangelog('Limited');
  // the browser and this runner share 127.0.0.1: use up its budget for the public group
  const app = appOrigin.replace('localhost', '127.0.0.1');
  let limited: Response | undefined;
  for (let i = 0; i < 101 && limited?.status !== 429; i++) limited = await fetch(`${app}/api/v1/changelogs?key=${key}&limit=1`);
  expect(limited!.status).toBe(429);
  const errors = collectErrors(page);
  const asked = page.waitForResponse((res) => res.url().startsWith(`${app}/api/v1/changelogs`));
  await page.goto(`${host.origin}/launcher?key=${key}&app=${encodeURIComponent(app)}`);
  expect((await asked).status()).toBe(429);
  await page.waitForLoadState('networkidle');
  await expect(badge(page)).toHaveCount(0);
  await target(page).click();
  await expect(page).toHaveURL(`${host.origin}/updates`);
  expect(errors).toEqual([]);
  // let the window pass so later specs from this address are not limited
  await new Promise((resolve) => setTimeout(resolve, (Number(limited!.headers.get('retry-after')) + 1) * 1000));
});
