import { expect, test, type Page } from '@playwright/test';
import { bar, projectIdOf, publishAsUser, startHostSite } from './banner-host';
import { insideOneRateWindow } from '../tests/http';
import { signUpWithProject } from './helpers';

const SHOTS = 'test-results/banner';
let host: Awaited<ReturnType<typeof startHostSite>>;
let appOrigin: string;

test.beforeAll(async ({ baseURL }) => {
  appOrigin = baseURL!;
  host = await startHostSite(appOrigin);
});
test.afterAll(async () => host.close());

/** Watches the host page for script errors: the widget must never raise one. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function hostPageWorks(page: Page) {
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page.locator('#trial')).toHaveText('Trial started');
}

test('renders the bar on a customer page at desktop and phone widths, text only, styles isolated', async ({ page }) => {
  const { slug } = await signUpWithProject(page, 'Widget desktop');
  const projectId = await projectIdOf(page, slug);
  const hostile = '<img src=x onerror="window.__pwned=1">Dark mode is here';
  const banner = await publishAsUser(page, projectId, {
    headline: hostile,
    body: 'Every page now follows your system theme, <b>automatically</b>.',
    cta_label: 'See what changed',
    link_url: 'https://example.com/changelog/dark-mode',
  });
  const errors = collectErrors(page);

  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${host.origin}/pricing?key=${banner.slug}`);
  await expect(bar(page)).toBeVisible();
  await expect(bar(page).locator('.headline')).toHaveText(hostile);
  await expect(bar(page).locator('.body')).toBeVisible();
  await expect(bar(page).locator('.badge')).toHaveText('New');
  await expect(bar(page).getByRole('link', { name: 'See what changed' })).toHaveAttribute('href', 'https://example.com/changelog/dark-mode');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('[data-shipnote-banner]').evaluate((el) => el.shadowRoot!.querySelectorAll('img, b').length)).toBe(0);
  // the host's `span, strong { font-size: 40px !important }` and `div { padding }` stay outside the shadow root
  expect(await bar(page).locator('.headline').evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
  expect(await page.locator('[data-shipnote-banner]').evaluate((el) => getComputedStyle(el).paddingTop)).toBe('0px');
  // even `div { border: … !important }`: the bar's host is an element of its own
  expect(await page.locator('[data-shipnote-banner]').evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe('0px');
  await hostPageWorks(page);
  await page.screenshot({ path: `${SHOTS}/widget-desktop.png` });

  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(bar(page).locator('.headline')).toBeVisible();
  await expect(bar(page).locator('.body')).toBeHidden();
  await expect(bar(page).getByRole('link', { name: 'See what changed' })).toBeVisible();
  // the button goes under the headline, which keeps most of the width instead of a few letters
  const [text, link] = [await bar(page).locator('.text').boundingBox(), await bar(page).getByRole('link').boundingBox()];
  expect(text!.width).toBeGreaterThan(375 * 0.6);
  expect(link!.y).toBeGreaterThan(text!.y);
  await page.screenshot({ path: `${SHOTS}/widget-phone.png` });
  expect(errors).toEqual([]);
});

test('omits the button without link_url and the badge when it is empty', async ({ page }) => {
  const { slug } = await signUpWithProject(page, 'Widget plain');
  const banner = await publishAsUser(page, await projectIdOf(page, slug), {
    headline: 'Scheduled maintenance on Sunday',
    body: 'The dashboard is read-only from 02:00 to 03:00 UTC.',
    cta_label: '',
    badge: '',
    link_url: null,
  });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${host.origin}/?key=${banner.slug}`);
  await expect(bar(page)).toContainText('Scheduled maintenance on Sunday');
  await expect(bar(page).getByRole('link')).toHaveCount(0);
  await expect(bar(page).locator('.badge')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/widget-no-button.png` });
});

test('stays dismissed until a new banner is published', async ({ page, context }) => {
  const { slug } = await signUpWithProject(page, 'Widget dismiss');
  const projectId = await projectIdOf(page, slug);
  const first = await publishAsUser(page, projectId, { headline: 'First news', body: 'One.', cta_label: '', link_url: null });
  await page.goto(`${host.origin}/?key=${first.slug}`);
  await bar(page).getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(page.locator('[data-shipnote-banner]')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Understand your traffic' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-shipnote-banner]')).toHaveCount(0);

  await page.goto(`${appOrigin}/p/${slug}/banner`);
  const second = await publishAsUser(page, projectId, { headline: 'Second news', body: 'Two.', cta_label: '', link_url: null });
  expect(second.published_at).not.toBe(first.published_at);
  // the browser may keep the old answer for max-age (10 s): start from an empty HTTP cache, as a later visit would
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.goto(`${host.origin}/?key=${first.slug}`);
  await expect(bar(page)).toContainText('Second news');
});

test('renders nothing and leaves the page working on 404 and on a network failure', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(`${host.origin}/?key=nothing-published-here`);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-shipnote-banner]')).toHaveCount(0);
  await hostPageWorks(page);

  await page.goto(`${host.origin}/broken/?key=anything`);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-shipnote-banner]')).toHaveCount(0);
  await hostPageWorks(page);
  expect(errors).toEqual([]);
});

test('renders nothing and leaves the page working when rate limited (429)', async ({ page }) => {
  test.setTimeout(150_000);
  const { slug } = await signUpWithProject(page, 'Widget limited');
  const banner = await publishAsUser(page, await projectIdOf(page, slug), { headline: 'Limited', body: 'x.', cta_label: '', link_url: null });
  // the browser and this runner share 127.0.0.1: use up its budget for the public group
  const app = appOrigin.replace('localhost', '127.0.0.1');
  // limits are minute windows: used up just before a minute ends, the budget would be back mid-test
  await insideOneRateWindow(30_000);
  let limited: Response | undefined;
  for (let i = 0; i < 101 && limited?.status !== 429; i++) limited = await fetch(`${app}/api/v1/banner?key=${banner.slug}`);
  expect(limited!.status).toBe(429);
  const errors = collectErrors(page);
  const asked = page.waitForRequest((req) => req.url().startsWith(`${app}/api/v1/banner`) && req.method() === 'GET');
  await page.goto(`${host.origin}/?key=${banner.slug}&app=${encodeURIComponent(app)}`);
  await (await asked).response(); // the browser hides a 429 without CORS headers from the page: a failed fetch
  await page.waitForLoadState('networkidle');
  expect((await fetch(`${app}/api/v1/banner?key=${banner.slug}`)).status).toBe(429);
  await hostPageWorks(page);
  await expect(page.locator('[data-shipnote-banner]')).toHaveCount(0);
  expect(errors).toEqual([]);
  // let the window pass so later specs from this address are not limited
  await new Promise((resolve) => setTimeout(resolve, (Number(limited!.headers.get('retry-after')) + 1) * 1000));
});
