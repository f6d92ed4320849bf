import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createApiKey, signUpWithProject } from './helpers';

const GIT_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_COMMITTER_NAME: 'Committer',
  GIT_COMMITTER_EMAIL: 'committer@example.test',
};

/** A real git repository with a month of history (March 2025) and a few commits either side of it. */
function makeRepository(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shipnote-e2e-repo-'));
  const git = (args: string[], env = GIT_ENV) => execFileSync('git', ['-C', dir, ...args], { env, encoding: 'utf8' });
  git(['init', '-q', '-b', 'main']);
  git(['remote', 'add', 'origin', 'git@github.com:acme/web.git']);
  const history: [string, string, string][] = [
    ['chore: initial import', '2025-02-20T10:00:00Z', 'Ada Lovelace <ada@example.test>'],
    ['feat(api): add webhooks for pushes (#12)', '2025-03-03T10:00:00Z', 'Ada Lovelace <ada@example.test>'],
    ['fix(ui): keep the sidebar open on reload\n\nCloses #40', '2025-03-05T10:00:00Z', 'Grace Hopper <grace@example.test>'],
    ['feat!: drop the v0 endpoints\n\nBREAKING CHANGE: clients must call /v1.', '2025-03-12T10:00:00Z', 'Grace Hopper <grace@example.test>'],
    ['perf(search): cache tokenized queries', '2025-03-20T10:00:00Z', 'Ada Lovelace <ada@example.test>'],
    ['ci: run e2e on PostgreSQL', '2025-03-21T10:00:00Z', 'Ada Lovelace <ada@example.test>'],
    ['Update the install steps', '2025-03-28T10:00:00Z', 'Margaret Hamilton <margaret@example.test>'],
    ['feat: next month', '2025-04-02T10:00:00Z', 'Ada Lovelace <ada@example.test>'],
  ];
  history.forEach(([message, date, author], i) => {
    fs.writeFileSync(path.join(dir, `change-${i}.txt`), message);
    git(['add', '.']);
    git(['commit', '-q', '-m', message, `--author=${author}`], { ...GIT_ENV, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
  });
  return dir;
}

test('a new user pushes a real repository with the CLI, generates drafts for a month, edits and publishes the changelog and reads it', async ({ page, request, baseURL }) => {
  const { slug } = await signUpWithProject(page, 'Commit history');
  const token = await createApiKey(page, slug, 'CLI');
  const repo = makeRepository();

  const out = execFileSync(path.resolve('node_modules/.bin/tsx'), ['server/surfaces/cli/main.ts', 'commits', 'push', '--project', slug, '--url', baseURL!, '--dir', repo], {
    env: { ...process.env, SHIPNOTE_TOKEN: token },
    encoding: 'utf8',
  });
  expect(out).toBe(`Pushed 8 commits to ${slug}: 8 added, 0 already recorded.\n`);
  fs.rmSync(repo, { recursive: true, force: true });

  // the commits view: pick March 2025 in the window picker
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Commits' }).click();
  await page.getByLabel('From', { exact: true }).fill('2025-03-01');
  await page.getByLabel('To', { exact: true }).fill('2025-03-31');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/since=2025-03-01&until=2025-03-31/);
  await expect(page.getByTestId('commit-count')).toContainText('6 commits from 2025-03-01 to 2025-03-31');
  await expect(page.getByTestId('commit-count')).toContainText('1 breaking');
  const counts = page.getByRole('region', { name: 'Counts by type' });
  await expect(counts.locator('[data-type="feat"]')).toHaveText('Features 2');
  await expect(counts.locator('[data-type="ci"]')).toHaveText('CI 1');
  await expect(page.getByRole('region', { name: 'Changelog draft' })).toContainText('Add webhooks for pushes');
  await expect(page.getByRole('region', { name: 'Changelog draft' })).not.toContainText('run e2e');
  await expect(page.getByRole('region', { name: 'Blog post draft' }).getByRole('heading', { level: 1 })).toHaveText('What we shipped in March 2025');

  // on a phone nothing (the banner proposal's inputs above all) scrolls sideways
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('region', { name: 'Banner draft' }).getByLabel('Headline')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });

  // generate, then edit and publish the changelog on its own authoring page
  await page.getByRole('button', { name: 'Generate drafts' }).click();
  await expect(page.getByRole('link', { name: 'Edit changelog draft' })).toBeVisible();
  // pressed again: asked first, and dismissing saves no second set
  const asked = page.waitForEvent('dialog').then((dialog) => dialog.dismiss());
  await page.getByRole('button', { name: 'Generate again' }).click();
  await asked;
  await expect(page.getByRole('button', { name: 'Generate again' })).toBeEnabled();
  // a later visit knows too: the saved changelog is named, and pressing asks first
  await page.reload();
  await expect(page.getByText('A changelog from these commits is saved already')).toBeVisible();
  const askedAgain = page.waitForEvent('dialog').then((dialog) => {
    expect(dialog.message()).toContain('"Changes in March 2025", draft');
    return dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Generate drafts' }).click();
  await askedAgain;
  await page.goto(`/p/${slug}/changelogs`);
  await expect(page.getByRole('link', { name: 'Changes in March 2025' })).toHaveCount(1);
  await page.getByRole('link', { name: 'Changes in March 2025' }).click();
  await expect(page.getByRole('heading', { name: 'Edit changelog' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Changes in March 2025');
  await page.getByLabel('Title').fill('March 2025: webhooks and a faster search');
  await page.getByLabel('Version').fill('2.0.0');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('status')).toHaveText('Published');
  const publicUrl = await page.getByRole('link', { name: 'View public page' }).getAttribute('href');

  await page.goto(new URL(publicUrl!).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('March 2025: webhooks and a faster search');
  await expect(page.getByRole('heading', { name: 'Breaking changes' })).toBeVisible();
  await expect(page.getByText('Clients must call /v1.')).toBeVisible();
  await expect(page.getByRole('link', { name: '#12' })).toHaveAttribute('href', 'https://github.com/acme/web/pull/12');
  await expect(page.getByText('Thanks to Ada Lovelace, Grace Hopper and Margaret Hamilton.')).toBeVisible();

  const published = await (await request.get(`/api/v1/changelog/${new URL(publicUrl!).pathname.split('/').pop()}`)).json();
  expect(published).toMatchObject({ version: '2.0.0', period_start: '2025-03-01', period_end: '2025-03-31', commit_count: 6 });
});

test('a signed GitHub push is recorded, replays and bad signatures are refused, and the generated banner publishes with its window', async ({ page, request }) => {
  const { slug } = await signUpWithProject(page, 'Webhook shop');
  const token = await createApiKey(page, slug, 'API');
  const commits = [
    { sha: 'a'.repeat(40), message: 'feat: gift cards', author_name: 'Ada', authored_at: '2025-05-02T10:00:00Z' },
    { sha: 'b'.repeat(40), message: 'fix: rounding of totals', author_name: 'Ada', authored_at: '2025-05-03T10:00:00Z' },
  ];
  expect((await request.post('/api/v1/commits', { headers: { authorization: `Bearer ${token}` }, data: { commits } })).status()).toBe(200);

  await page.goto(`/p/${slug}/commits?since=2025-05-01&until=2025-05-31`);

  // the GitHub webhook through the real routes: secret shown once, signed push recorded, replay refused
  await page.getByRole('button', { name: 'Create webhook secret' }).click();
  const secret = (await page.getByTestId('webhook-secret').textContent())!.trim();
  const payloadUrl = (await page.getByTestId('payload-url').textContent())!.trim();
  const body = JSON.stringify({
    ref: 'refs/heads/main',
    repository: { html_url: 'https://github.com/acme/shop', default_branch: 'main' },
    commits: [{ id: 'c'.repeat(40), message: 'feat: wish lists', timestamp: '2025-05-04T10:00:00Z', url: `https://github.com/acme/shop/commit/${'c'.repeat(40)}`, author: { name: 'Grace' } }],
  });
  const delivery = randomUUID();
  const headers = {
    'content-type': 'application/json',
    'x-github-event': 'push',
    'x-github-delivery': delivery,
    'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
  };
  const path = new URL(payloadUrl).pathname;
  const first = await request.post(path, { headers, data: body });
  expect(await first.json()).toEqual({ status: 'recorded', received: 1, added: 1, duplicates: 0 });
  expect((await request.post(path, { headers, data: body })).status()).toBe(409);
  expect((await request.post(path, { headers: { ...headers, 'x-github-delivery': randomUUID(), 'x-hub-signature-256': 'sha256=' + '0'.repeat(64) }, data: body })).status()).toBe(401);

  const listed = await (await request.get('/api/v1/commits?since=2025-05-01&until=2025-05-31', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(listed.items.map((c: { message: string }) => c.message)).toEqual(['feat: wish lists', 'fix: rounding of totals', 'feat: gift cards']);

  // the banner proposal of the window (reloaded: the webhook added a feature)
  await page.reload();
  const banner = page.getByRole('region', { name: 'Banner draft' });
  await expect(banner.getByLabel('Headline')).toHaveValue('May 2025: 2 new features and 1 fix');
  await banner.getByLabel('Badge').fill('Fresh');
  await banner.getByRole('button', { name: 'Publish banner' }).click();
  await expect(banner.getByRole('status')).toContainText('Banner published');
  const live = await (await request.get('/api/v1/banner', { headers: { authorization: `Bearer ${token}` } })).json();
  expect(live).toMatchObject({ headline: 'May 2025: 2 new features and 1 fix', badge: 'Fresh', period_start: '2025-05-01', period_end: '2025-05-31', commit_count: 3 });
});
