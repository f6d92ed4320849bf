import { expect, test, type BrowserContext, type Page, type Request } from '@playwright/test';
import { bar, startHostSite } from './banner-host';
import { signUpWithProject } from './helpers';

const SHOTS = 'test-results/banner';

/** A visitor's own browser: every report the widget sends, and every script error of the host page. */
async function visitor(context: BrowserContext) {
  const reports: { type: string; published_at: string; page_url: string; cookie: string | undefined }[] = [];
  const errors: string[] = [];
  context.on('request', (request: Request) => {
    if (!request.url().endsWith('/api/v1/banner/events') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { type: string; published_at: string; page_url: string };
    reports.push({ ...body, cookie: request.headers()['cookie'] });
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, reports, errors };
}

async function publishInEditor(page: Page, headline: string, link: string) {
  await page.getByLabel('Headline').fill(headline);
  await page.getByLabel('Body').fill('Every page now follows your system theme.');
  await page.getByLabel('Link URL').fill(link);
  await page.getByLabel('Button label').fill('See what changed');
  await page.getByRole('button', { name: /^Publish/ }).click();
  await expect(page.getByRole('status')).toContainText('Published');
}

test('every publish is kept with who published it; visitors\' impressions and clicks show per banner and page; an earlier banner is republished in one click', async ({ page, browser, baseURL }) => {
  const host = await startHostSite(baseURL!);
  try {
    await page.setViewportSize({ width: 1280, height: 1000 });
    const { slug } = await signUpWithProject(page, 'Reach Co');
    await page.goto(`/p/${slug}/banner`);
    await expect(page.getByTestId('banner-history')).toHaveCount(0);
    const key = /data-service-key="([a-z0-9-]+)"/.exec((await page.getByTestId('embed-code').textContent())!)![1]!;
    await publishInEditor(page, 'Dark mode is here', `${host.origin}/changelog?key=${key}`);
    await publishInEditor(page, 'Faster search', `${host.origin}/search?key=${key}`);
    const history = page.getByTestId('banner-history');
    await expect(history.getByTestId('history-row')).toHaveCount(2);
    await expect(history.getByTestId('history-row').first()).toContainText('Faster search (live)');
    await expect(history.getByTestId('history-row').first()).toContainText('Ada');

    // one visitor: an impression once, however often they come back, and a click on the button
    const first = await visitor(await browser.newContext());
    await first.page.goto(`${host.origin}/pricing?key=${key}&utm_source=mail`);
    await expect(bar(first.page)).toContainText('Faster search');
    await expect.poll(() => first.reports.length).toBe(1);
    await first.page.reload();
    await expect(bar(first.page)).toContainText('Faster search');
    await first.page.goto(`${host.origin}/docs?key=${key}`);
    await expect(bar(first.page)).toContainText('Faster search');
    await bar(first.page).getByRole('link', { name: 'See what changed' }).click();
    await expect(first.page).toHaveURL(`${host.origin}/search?key=${key}`);
    await expect.poll(() => first.reports.map((r) => r.type)).toEqual(['view', 'click']);
    expect(first.reports[0]).toMatchObject({ page_url: `${host.origin}/pricing`, cookie: undefined });
    expect(first.reports[1]).toMatchObject({ page_url: `${host.origin}/docs`, cookie: undefined });

    // a second visitor whose reports fail (blocked): the host page keeps working, nothing is thrown
    const blockedContext = await browser.newContext();
    await blockedContext.route('**/api/v1/banner/events', (route) => route.abort());
    const blocked = await visitor(blockedContext);
    await blocked.page.goto(`${host.origin}/pricing?key=${key}`);
    await expect(bar(blocked.page)).toContainText('Faster search');
    await blocked.page.getByRole('button', { name: 'Start trial' }).click();
    await expect(blocked.page.locator('#trial')).toHaveText('Trial started');
    expect(blocked.errors).toEqual([]);

    // a third visitor, on another page
    const third = await visitor(await browser.newContext());
    await third.page.goto(`${host.origin}/pricing?key=${key}`);
    await expect.poll(() => third.reports.length).toBe(1);

    // counts are written in batches every few seconds: the dashboard shows them after a reload
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('reach-totals')).toContainText('2 impressions · 1 click ·', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const pages = history.getByTestId('reach-pages');
    const hostName = new URL(host.origin).host;
    await expect(pages.getByRole('row', { name: `${hostName}/pricing 2 0` })).toBeVisible();
    await expect(pages.getByRole('row', { name: `${hostName}/docs 0 1` })).toBeVisible();
    await expect(history.getByTestId('reach-chart')).toBeVisible();
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/history-reach.png`, fullPage: true });

    // republish the first banner with one click: a new live entry; visitors see it again and it counts anew
    await history.getByTestId('history-row').filter({ hasText: 'Dark mode is here' }).getByRole('button', { name: 'Republish' }).click();
    await expect(page.getByRole('status')).toContainText('Republished "Dark mode is here"');
    await expect(history.getByTestId('history-row')).toHaveCount(3);
    await expect(history.getByTestId('history-row').first()).toContainText('Dark mode is here (live) · republished');
    await expect(page.getByTestId('banner-status')).toContainText('Live since');
    await expect(async () => {
      await first.page.goto(`${host.origin}/pricing?key=${key}`);
      await expect(bar(first.page)).toContainText('Dark mode is here', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect.poll(() => first.reports.map((r) => r.type)).toEqual(['view', 'click', 'view']);
    expect(first.errors).toEqual([]);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('reach-totals')).toContainText('1 impression ·', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    // an earlier banner's own pages, on demand
    await history.getByTestId('history-row').filter({ hasText: 'Faster search' }).getByRole('button', { name: 'Pages' }).click();
    await expect(history.getByRole('heading', { name: /Pages of .Faster search/ })).toBeVisible();
    await expect(pages.getByRole('row', { name: `${hostName}/pricing 2 0` })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/history-republished.png`, fullPage: true });
  } finally {
    await host.close();
  }
});
