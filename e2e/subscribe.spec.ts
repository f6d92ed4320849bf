import { expect, test } from '@playwright/test';
import { signUpWithProject } from './helpers';

const SHOTS = 'test-results/subscribe';
const READER = 'reader@example.com';

test('a member turns the subscribe form on, a reader subscribes from the public page and confirms from the outbox email', async ({ page }) => {
  const { slug } = await signUpWithProject(page, 'Acme subscribe');

  // a published changelog, so the project has public pages
  await page.goto(`/p/${slug}/changelogs`);
  await page.getByRole('link', { name: 'New changelog' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Spring release');
  await page.getByLabel('Content (markdown)').fill('## Added\n\n- **Dark mode** everywhere');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('status')).toHaveText('Published');
  // no form while it is off (read without the browser's cache, which keeps public pages a minute)
  const before = await page.request.get(`/pub/${slug}`);
  expect(before.status()).toBe(200);
  expect(await before.text()).not.toContain('Your email address');

  // a list, then the form pointed at it (off by default)
  await page.goto(`/p/${slug}/lists`);
  await page.getByLabel('List name').fill('Newsletter');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('link', { name: 'Newsletter' })).toBeVisible();
  await page.reload();
  const settings = page.getByRole('region', { name: 'Public subscribe form' });
  await expect(settings.getByLabel('New subscribers join')).toHaveValue('');
  await settings.getByLabel('New subscribers join').selectOption({ label: 'Newsletter' });
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status')).toHaveText('The subscribe form is on.');
  await expect(settings.getByTestId('subscribe-snippet')).toContainText(`/pub/${slug}/subscribe`);
  await page.screenshot({ path: `${SHOTS}/dashboard-setting.png`, fullPage: true });

  // the public page offers RSS and email side by side; the form answers the same for everyone
  await page.goto(`/pub/${slug}`);
  await expect(page.getByRole('link', { name: 'RSS' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 700 });
  await page.screenshot({ path: `${SHOTS}/public-page-phone.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByLabel('Your email address').fill(READER);
  await page.screenshot({ path: `${SHOTS}/public-page.png` });
  await page.getByRole('button', { name: 'Get updates by email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/check-email.png` });

  // not a recipient before confirming
  await page.goto(`/p/${slug}/lists`);
  await expect(page.getByRole('row', { name: /Newsletter/ })).toContainText('0 / 500');

  // the confirmation email, in the outbox of the embedded default
  await page.goto(`/p/${slug}/outbox`);
  const subject = 'Confirm your subscription to Acme subscribe';
  await page.getByRole('row', { name: new RegExp(`${READER}.*${subject}`) }).getByRole('link', { name: subject }).click();
  const link = /https?:\/\/\S+\/subscribe\/confirm\/[\w-]+/.exec((await page.getByTestId('text-part').textContent())!)![0];

  // opening the link (what a mail scanner does) confirms nothing; the button does
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your subscription' })).toBeVisible();
  await expect(page.getByText(READER)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/confirm-page.png` });
  await page.goto(`/p/${slug}/lists`);
  await expect(page.getByRole('row', { name: /Newsletter/ })).toContainText('0 / 500');
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/confirmed.png` });

  // the reader is an active recipient of the list
  await page.goto(`/p/${slug}/lists`);
  await expect(page.getByRole('row', { name: /Newsletter/ })).toContainText('1 / 500');
  await page.getByRole('link', { name: 'Newsletter' }).click();
  const rows = page.getByRole('region', { name: 'Recipients' }).getByRole('row');
  await expect(rows.nth(1)).toContainText(READER);
  await expect(rows.nth(1)).toContainText('active');
  await page.screenshot({ path: `${SHOTS}/list-active.png`, fullPage: true });

  // the link is used up: opened again (another device, the email clicked twice) it says so, and offers nothing to press
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Already confirmed' })).toBeVisible();
  await expect(page.getByText('This link was already used to confirm a subscription to Newsletter')).toBeVisible();
  await expect(page.getByRole('button')).toHaveCount(0);
});
