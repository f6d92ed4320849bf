import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpWithProject } from './helpers';

/** Publishes the item open in the editor and returns its public path. */
async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('status')).toHaveText('Published');
  return new URL((await page.getByRole('link', { name: 'View public page' }).getAttribute('href'))!).pathname;
}

/** What an agent does: a plain GET without the browser's cookies. */
async function read(request: APIRequestContext, url: string, headers: Record<string, string> = {}) {
  const response = await request.get(url, { headers, maxRedirects: 0 });
  return { status: response.status(), headers: response.headers(), text: await response.text() };
}

const CHANGELOG_SOURCE = 'We shipped **a lot**.\n\n## Added\n\n- Dark mode <script>alert(1)</script>\n- CSV export\n\n## Fixed\n\n- Crash on empty carts';

test('an agent reads a project through its llms.txt and the markdown twins of its pages', async ({ page, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const { slug } = await signUpWithProject(page, 'Agent Shop');

  await page.goto(`/p/${slug}/changelogs`);
  await page.getByRole('link', { name: 'New changelog' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Autumn release');
  await page.getByLabel('Version').fill('3.0.0');
  await page.getByLabel('Content (markdown)').fill(CHANGELOG_SOURCE);
  const changelogPath = await publish(page);

  await page.goto(`/p/${slug}/posts`);
  await page.getByRole('link', { name: 'New blog post' }).click();
  const postSource = '# Why agents like markdown\n\nBecause it is *plain*.';
  await page.getByLabel(/Content \(markdown/).fill(postSource);
  const postPath = await publish(page);

  await page.goto(`/p/${slug}/kb`);
  await page.getByRole('link', { name: 'New article set' }).click();
  const article = page.getByRole('group', { name: 'Article 1' });
  await article.getByLabel('Category').fill('Getting started');
  await article.getByLabel('Article title').fill('Install the widget');
  await article.getByLabel('Body (markdown)').fill('Paste the **script tag**.');
  const kbPath = await publish(page);

  // the project page links its llms.txt
  await page.goto(`/pub/${slug}`);
  const llmsHref = await page.getByRole('link', { name: 'llms.txt' }).getAttribute('href');
  expect(llmsHref).toBe(`/pub/${slug}/llms.txt`);
  expect(await page.locator('link[rel="alternate"][type="text/plain"]').getAttribute('href')).toBe(`${baseURL}/pub/${slug}/llms.txt`);

  // an agent, without the browser's session
  const agent = await playwright.request.newContext({ baseURL });
  const index = await read(agent, llmsHref!);
  expect(index.status).toBe(200);
  expect(index.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(index.text.startsWith('# Agent Shop\n\n> ')).toBe(true);
  const links = Object.fromEntries([...index.text.matchAll(/^## (.+)\n\n- \[([^\]]+)\]\(([^)]+)\): .+$/gm)].map((m) => [m[1], { title: m[2], url: m[3] }]));
  expect(links).toEqual({
    Changelogs: { title: 'Autumn release', url: `${baseURL}${changelogPath}.md` },
    Blog: { title: 'Why agents like markdown', url: `${baseURL}${postPath}.md` },
    'Knowledge base': { title: 'Help center', url: `${baseURL}${kbPath}.md` },
  });

  const changelog = await read(agent, links.Changelogs!.url);
  expect(changelog.status).toBe(200);
  expect(changelog.headers['content-type']).toBe('text/markdown; charset=utf-8');
  expect(changelog.headers['x-content-type-options']).toContain('nosniff');
  expect(changelog.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
  expect(changelog.text).toMatch(/^# Autumn release\n\nVersion 3\.0\.0 · Published \d{4}-\d{2}-\d{2}\n\n/);
  expect(changelog.text.endsWith(CHANGELOG_SOURCE)).toBe(true);
  expect((await read(agent, links.Changelogs!.url, { 'if-none-match': changelog.headers['etag']! })).status).toBe(304);
  expect((await read(agent, `/api/v1${changelogPath}.md`)).text).toBe(changelog.text);
  expect((await read(agent, links.Blog!.url)).text).toBe(postSource);
  expect((await read(agent, links['Knowledge base']!.url)).text).toBe('# Help center\n\n## Getting started\n\n### Install the widget\n\nPaste the **script tag**.\n');
  expect((await read(agent, '/changelog/no-such-thing.md')).status).toBe(404);
  expect((await read(agent, '/changelog/Not_A_Slug.md')).status).toBe(404);

  // a reader's browser follows the page's alternate link and is shown text, never a page that runs script
  await page.goto(changelogPath);
  const alternate = await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href');
  expect(alternate).toBe(links.Changelogs!.url);
  await page.goto(alternate!);
  await expect(page.locator('body')).toContainText('Dark mode <script>alert(1)</script>');
  expect(await page.locator('script').count()).toBe(0);
  expect(dialogs).toEqual([]);

  // unpublishing takes the twin and its llms.txt line down at once
  await page.goto(`/p/${slug}/changelogs`);
  await page.getByRole('link', { name: 'Autumn release (3.0.0)' }).click();
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByTestId('status')).toHaveText('Draft');
  expect((await read(agent, links.Changelogs!.url)).status).toBe(404);
  const after = await read(agent, llmsHref!);
  expect(after.text).not.toContain('## Changelogs');
  expect(after.text).toContain(`${postPath}.md`);
  await agent.dispose();
});
