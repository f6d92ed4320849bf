import { expect, test, type Page } from '@playwright/test';
import Parser from 'rss-parser';
import { signUpWithProject } from './helpers';

const parser = new Parser();

/** Follows the page's RSS autodiscovery link and reads the feed as a feed reader would. */
async function readAdvertisedFeed(page: Page, title: RegExp) {
  const href = await page.locator('link[rel="alternate"][type="application/rss+xml"]').first().getAttribute('href');
  expect(href).toBeTruthy();
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/xml');
  const feed = await parser.parseString(await response.text());
  expect(feed.title).toMatch(title);
  return { href: href!, feed };
}

/** Publishes the item open in the editor and returns its public address. */
async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('status')).toHaveText('Published');
  const link = page.getByRole('link', { name: 'View public page' });
  return new URL((await link.getAttribute('href'))!).pathname;
}

test('a new user writes, previews and publishes a changelog, a blog post and a KB set, then reads them and their feeds', async ({ page }) => {
  test.setTimeout(180_000);
  const { slug } = await signUpWithProject(page, 'Rocket Shop');

  // changelog: live preview, publish, public page, feed with one item per entry
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Changelogs' }).click();
  await page.getByRole('link', { name: 'New changelog' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Spring release');
  await page.getByLabel('Version').fill('2.1.0');
  await page.getByLabel('Content (markdown)').fill('We shipped a lot.\n\n## Added\n\n- **Dark mode** on every page\n- CSV export\n\n## Fixed\n\n- Crash on empty carts');
  await expect(page.getByTestId('preview').locator('strong')).toHaveText('Dark mode');
  await expect(page.getByTestId('preview').locator('h2').first()).toHaveText('Added');
  const changelogPath = await publish(page);
  expect(changelogPath).toBe(`/changelog/${slug}-2-1-0`);
  await expect(page).toHaveURL(new RegExp(`/p/${slug}/changelogs/[0-9a-f-]{36}$`));

  await page.goto(changelogPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spring release');
  await expect(page.getByText('Crash on empty carts')).toBeVisible();
  await expect(page).toHaveTitle('Spring release · Rocket Shop');
  expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Spring release');
  const changelogFeed = await readAdvertisedFeed(page, /Rocket Shop: Spring release/);
  expect(changelogFeed.feed.items.map((i) => [i.categories?.[0], i.title])).toEqual([
    ['Added', 'Dark mode on every page'],
    ['Added', 'CSV export'],
    ['Fixed', 'Crash on empty carts'],
  ]);
  // the reader's item link opens the public page
  await page.goto(changelogFeed.feed.items[2]!.link!);
  await expect(page.getByText('Crash on empty carts')).toBeVisible();
  // and the browser shows the feed document itself
  await page.goto(changelogFeed.href);
  await expect(page.getByText('Dark mode on every page').first()).toBeVisible();

  // blog post: the first heading is the title
  await page.goto(`/p/${slug}/posts`);
  await page.getByRole('link', { name: 'New blog post' }).click();
  await page.getByLabel(/Content \(markdown/).fill('# How we halved build times\n\nWe cached everything & moved to a faster bundler.\n\n## What changed\n\nDetails.');
  await expect(page.getByTestId('preview').locator('h1')).toHaveText('How we halved build times');
  await expect(page.getByRole('heading', { level: 1, name: 'New blog post' })).toBeVisible();
  const postPath = await publish(page);
  // the draft exists now: the editor says so, without a reload
  await expect(page.getByRole('heading', { level: 1, name: 'Edit blog post' })).toBeVisible();
  await page.goto(postPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How we halved build times');
  await expect(page).toHaveTitle('How we halved build times · Rocket Shop');
  const postFeed = await readAdvertisedFeed(page, /Rocket Shop blog/);
  expect(postFeed.feed.items).toHaveLength(1);
  expect(postFeed.feed.items[0]).toMatchObject({ title: 'How we halved build times', link: `${new URL(page.url()).origin}${postPath}` });
  expect(postFeed.feed.items[0]!.content).toContain('We cached everything &amp; moved to a faster bundler.');

  // knowledge base: articles as a list of category, title and body; search on the public page
  await page.goto(`/p/${slug}/kb`);
  await page.getByRole('link', { name: 'New article set' }).click();
  const first = page.getByRole('group', { name: 'Article 1' });
  await first.getByLabel('Category').fill('Getting started');
  await first.getByLabel('Article title').fill('Install the widget');
  await first.getByLabel('Body (markdown)').fill('Paste the **script tag** into your site.');
  await expect(first.getByTestId('preview').locator('strong')).toHaveText('script tag');
  await page.getByRole('button', { name: 'Add article' }).click();
  const second = page.getByRole('group', { name: 'Article 2' });
  await second.getByLabel('Category').fill('Billing');
  await second.getByLabel('Article title').fill('Change your plan');
  await second.getByLabel('Body (markdown)').fill('Plans change at the end of the month.');
  const kbPath = await publish(page);
  await page.goto(kbPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help center');
  await expect(page.getByRole('region', { name: 'Getting started' })).toContainText('Install the widget');
  await expect(page.getByRole('region', { name: 'Billing' })).toContainText('Change your plan');
  await page.getByLabel('Search articles').fill('end of the month');
  await expect(page.getByRole('region', { name: 'Billing' })).toContainText('Plans change at the end of the month.');
  await expect(page.getByRole('region', { name: 'Getting started' })).toHaveCount(0);
  await page.getByLabel('Search articles').fill('nothing like this');
  await expect(page.getByRole('status')).toHaveText(/No articles match/);

  // the project's public page lists all three and advertises the blog feed
  await page.goto(`/pub/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rocket Shop');
  await expect(page.getByRole('link', { name: 'Spring release' })).toHaveAttribute('href', changelogPath);
  await expect(page.getByRole('link', { name: 'How we halved build times' })).toHaveAttribute('href', postPath);
  await expect(page.getByRole('link', { name: 'Help center' })).toHaveAttribute('href', kbPath);
  const blogs = await readAdvertisedFeed(page, /Rocket Shop blog/);
  expect(blogs.feed.items.map((i) => i.title)).toEqual(['How we halved build times']);

  // the page is rendered once after each content write: visitors after the first get the kept bytes,
  // with a validator
  const rendered = await (await page.request.get(changelogPath)).text();
  const again = await page.request.get(changelogPath);
  expect(await again.text()).toBe(rendered);
  expect(again.headers()['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
  const etag = again.headers()['etag']!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  expect((await page.request.get(changelogPath, { headers: { 'if-none-match': etag } })).status()).toBe(304);

  // unpublishing takes the page down at once, cached or not
  await page.goto(`/p/${slug}/changelogs`);
  await page.getByRole('link', { name: 'Spring release (2.1.0)' }).click();
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByTestId('status')).toHaveText('Draft');
  expect((await page.request.get(changelogPath)).status()).toBe(404);
  // and its readers are told so in the public pages' own words (a query: this browser may keep its copy for max-age)
  await page.goto(`${changelogPath}?after=unpublish`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page is not published');
  await expect(page.getByRole('link', { name: 'Shipnote' })).toBeVisible();
});

test('hostile markdown runs no script in the preview or on the public page', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const { slug } = await signUpWithProject(page, 'Hostile Inc');
  await page.goto(`/p/${slug}/posts/new`);
  await page.getByLabel(/Content \(markdown/).fill(
    [
      '# Totally normal post',
      '<script>alert("script")</script>',
      '<img src="x" onerror="alert(\'onerror\')">',
      '[click me](javascript:alert("href"))',
      '<a href="javascript:alert(\'raw\')" onclick="alert(\'onclick\')">raw link</a>',
      '<svg onload="alert(\'svg\')"></svg><iframe src="javascript:alert(\'iframe\')"></iframe>',
    ].join('\n\n'),
  );
  await expect(page.getByTestId('preview').locator('h1')).toHaveText('Totally normal post');
  const postPath = await publish(page);

  for (const where of [page.getByTestId('preview'), null]) {
    if (!where) await page.goto(postPath);
    const prose = where ?? page.locator('.prose');
    await expect(prose.getByText('raw link')).toBeVisible();
    await prose.getByText('click me').click();
    await prose.getByText('raw link').click();
    expect(await prose.locator('script, iframe, svg, object, embed').count()).toBe(0);
    const attributes = await prose.evaluate((root) =>
      [...root.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => `${a.name}=${a.value}`)),
    );
    expect(attributes.filter((a) => /^on/i.test(a) || /javascript:/i.test(a))).toEqual([]);
  }
  expect(dialogs).toEqual([]);
});
