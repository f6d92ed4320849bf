import { expect, test, type Page } from '@playwright/test';
import { signUpWithProject } from './helpers';

/** `seconds` from now in the browser's own time zone, as a `datetime-local` input holds it. */
function localTimeIn(page: Page, seconds: number): Promise<string> {
  return page.evaluate((ahead) => {
    const t = new Date(Date.now() + ahead * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}`;
  }, seconds);
}

// a browser far from the server's UTC: every time the dashboard shows is the reader's own
test.use({ timezoneId: 'America/New_York' });

// the e2e server looks for due items every second (CONTENT_SCHEDULER_INTERVAL_SECONDS in playwright.config.ts)
test('a blog post scheduled a few seconds ahead goes live on its own; a cancelled schedule stays a draft', async ({ page }) => {
  test.setTimeout(120_000);
  const { slug } = await signUpWithProject(page, 'Clockwork');

  await page.goto(`/p/${slug}/posts/new`);
  await page.getByLabel('Content (markdown; the first # heading is the title)').fill('# Ships by itself\n\nNobody pressed a button at launch time.');
  await page.getByLabel('Publish at').fill(await localTimeIn(page, 15));
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByTestId('status')).toContainText('Scheduled for');
  await expect(page.getByRole('button', { name: 'Cancel schedule' })).toBeVisible();
  const scheduledAt = page.getByTestId('status').locator('time');
  const iso = (await scheduledAt.getAttribute('datetime'))!;
  const local = new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' });
  await expect(scheduledAt).toHaveText(local);

  await page.goto(`/p/${slug}/posts`);
  const row = page.getByRole('row', { name: /Ships by itself/ });
  await expect(row).toContainText('Scheduled for');
  // the list shows the same time as the editor, in the browser's zone
  await expect(row.locator('time').first()).toHaveText(local);

  // no further action: the project's public page starts listing it once the scheduler has published it
  await expect(async () => {
    const response = await page.request.get(`/pub/${slug}`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('Ships by itself');
  }).toPass({ timeout: 60_000 });
  await page.goto(`/pub/${slug}`);
  await page.getByRole('link', { name: 'Ships by itself' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ships by itself');
  await expect(page.getByText('Nobody pressed a button at launch time.')).toBeVisible();

  await page.goto(`/p/${slug}/posts`);
  await expect(page.getByRole('row', { name: /Ships by itself/ })).toContainText('Published');

  // a changelog scheduled an hour ahead, then cancelled in the editor
  await page.goto(`/p/${slug}/changelogs/new`);
  await page.getByLabel('Title', { exact: true }).fill('Later, maybe');
  await page.getByLabel('Publish at').fill(await localTimeIn(page, 3600));
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByTestId('status')).toContainText('Scheduled for');
  await page.getByRole('button', { name: 'Cancel schedule' }).click();
  await expect(page.getByTestId('status')).toHaveText('Draft');
  await page.reload();
  await expect(page.getByTestId('status')).toHaveText('Draft');

  // a time already past is refused in the form's own words, and nothing is saved
  await page.getByLabel('Publish at').fill(await localTimeIn(page, -60));
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'future' })).toHaveText('Choose a time in the future, or press Publish now');
  await expect(page.getByTestId('status')).toHaveText('Draft');
});
