import { expect, test } from '@playwright/test';
import { signUpWithProject } from './helpers';

test('an editor with unsaved changes asks before a link leaves it, and not once they are saved', async ({ page }) => {
  const { slug } = await signUpWithProject(page, 'Careful editors');
  await page.goto(`/p/${slug}/changelogs/new`);
  const nav = page.getByRole('navigation').getByRole('link', { name: 'Blog posts' });

  // nothing typed yet: leaving asks nothing
  await nav.click();
  await expect(page).toHaveURL(new RegExp(`/p/${slug}/posts$`));

  await page.goto(`/p/${slug}/changelogs/new`);
  await page.getByLabel('Title', { exact: true }).fill('Version 1.5');
  const declined = page.waitForEvent('dialog').then((dialog) => {
    expect(dialog.message()).toBe('Leave this page? Your changes are not saved.');
    return dialog.dismiss();
  });
  await nav.click();
  await declined;
  await expect(page).toHaveURL(new RegExp(`/p/${slug}/changelogs/new$`));
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Version 1.5');

  // saved: the link leaves at once, and the draft is listed
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Changelogs' }).click();
  await expect(page.getByRole('link', { name: 'Version 1.5' })).toBeVisible();

  // changed again, then left on purpose: the change is gone, the saved draft stays
  await page.getByRole('link', { name: 'Version 1.5' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Version 1.5, edited');
  const accepted = page.waitForEvent('dialog').then((dialog) => dialog.accept());
  await nav.click();
  await accepted;
  await expect(page).toHaveURL(new RegExp(`/p/${slug}/posts$`));

  // Sign out asks too, before the session ends: staying to save must still work
  await page.goto(`/p/${slug}/changelogs/new`);
  await page.getByLabel('Title', { exact: true }).fill('Version 1.6');
  const stayed = page.waitForEvent('dialog').then((dialog) => dialog.dismiss());
  await page.getByRole('button', { name: 'Sign out' }).click();
  await stayed;
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
});

test('an open editor shows a scheduled item as published once the scheduler has published it', async ({ page }) => {
  test.setTimeout(90_000);
  const { slug } = await signUpWithProject(page, 'Open editor');
  await page.goto(`/p/${slug}/changelogs/new`);
  await page.getByLabel('Title', { exact: true }).fill('Goes out while you watch');
  const soon = await page.evaluate(() => {
    const t = new Date(Date.now() + 6000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${t.getFullYear()}-${pad(t.getMonth() + 1)}-${pad(t.getDate())}T${pad(t.getHours())}:${pad(t.getMinutes())}:${pad(t.getSeconds())}`;
  });
  await page.getByLabel('Publish at').fill(soon);
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByTestId('status')).toContainText('Scheduled for');
  await expect(page.getByRole('button', { name: 'Publish now' })).toBeVisible();

  await expect(page.getByTestId('status')).toHaveText('Published', { timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'Cancel schedule' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View public page' })).toBeVisible();
});
