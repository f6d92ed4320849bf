import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { signUpWithProject } from './helpers';

const PEOPLE = ['ada@example.com', 'grace@example.com', 'alan@example.com'];

/** Opens the outbox message to `to` with `subject` and returns the value of a header row. */
async function openOutboxMessage(page: Page, slug: string, subject: string, to: string) {
  await page.goto(`/p/${slug}/outbox`);
  await page.getByRole('row', { name: new RegExp(`${to}.*${subject}`) }).getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject);
}

const header = (page: Page, name: string) => page.getByRole('table', { name: 'Headers' }).getByRole('row', { name: new RegExp(`^${name} `) }).getByRole('cell');

test('a new user sends a changelog to three addresses on the embedded default, reads the outbox and one recipient unsubscribes', async ({ page, context, request }) => {
  const { email, slug } = await signUpWithProject(page, 'Acme releases');

  // item 7: the verification email is in the outbox; following its link verifies the account
  await openOutboxMessage(page, slug, 'Confirm your email for Shipnote', email);
  const verifyLink = /https?:\/\/\S+\/verify-email\/[\w-]+/.exec((await page.getByTestId('text-part').textContent())!)![0];
  await page.goto(verifyLink);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await page.goto('/verify-email');
  await expect(page.getByText(`${email} is verified`)).toBeVisible();

  // a list of three
  await page.goto(`/p/${slug}/lists`);
  await page.getByLabel('List name').fill('Customers');
  await page.getByRole('button', { name: 'Create list' }).click();
  await page.getByRole('link', { name: 'Customers' }).click();
  await page.getByText('Add addresses').click();
  await page.getByLabel('Addresses').fill(PEOPLE.join('\n'));
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByTestId('list-counts')).toContainText('3 active');
  const listUrl = page.url();

  // a published changelog
  await page.goto(`/p/${slug}/changelogs`);
  await page.getByRole('link', { name: 'New changelog' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Spring release');
  await page.getByLabel('Content (markdown)').fill('## Added\n\n- **Dark mode** everywhere\n- CSV export');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('status')).toHaveText('Published');

  // the send dialog: list name, how many receive it, the email itself
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Release emails' }).click();
  await page.getByRole('button', { name: 'New release email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a release email' });
  await dialog.getByLabel('Item').selectOption({ label: 'Spring release' });
  await dialog.getByLabel('List').selectOption({ label: 'Customers (3 active)' });
  await expect(dialog.getByTestId('send-audience')).toHaveText('Customers: 3 of 3 active recipients will receive it.');
  await expect(dialog.frameLocator('iframe[title="Email preview"]').locator('strong')).toHaveText('Dark mode');
  await dialog.getByRole('button', { name: 'Send to 3 recipients' }).click();

  // progress and ledger
  await expect(page).toHaveURL(new RegExp(`/p/${slug}/emails/[0-9a-f-]{36}$`));
  await expect(page.getByText('Done: 3 of 3')).toBeVisible({ timeout: 20_000 });
  for (const person of PEOPLE) await expect(page.getByRole('row', { name: new RegExp(person) })).toContainText('sent');

  // the outbox holds what would have been sent
  await openOutboxMessage(page, slug, 'Spring release', PEOPLE[0]!);
  await expect(header(page, 'From')).toHaveText('"Acme releases" <shipnote@localhost>');
  await expect(header(page, 'List-Unsubscribe-Post')).toHaveText('List-Unsubscribe=One-Click');
  await expect(header(page, 'List-Unsubscribe')).toHaveText(/^<http:\/\/localhost:\d+\/unsubscribe\/[^>]+>$/);
  await expect(page.getByTestId('text-part')).toContainText('Dark mode everywhere');
  const html = page.frameLocator('iframe[title="HTML part"]');
  await expect(html.locator('strong')).toHaveText('Dark mode');

  // Ada follows the link in her email: a confirmation page, then one button
  const popupOpened = context.waitForEvent('page');
  await html.getByRole('link', { name: 'Unsubscribe' }).click();
  const unsubscribePage = await popupOpened;
  await expect(unsubscribePage.getByRole('heading', { name: 'Unsubscribe?' })).toBeVisible();
  await expect(unsubscribePage.getByText(PEOPLE[0]!)).toBeVisible();
  await unsubscribePage.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(unsubscribePage.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await unsubscribePage.close();

  // Grace's mail client unsubscribes in one request (RFC 8058), no page involved
  await openOutboxMessage(page, slug, 'Spring release', PEOPLE[1]!);
  const oneClick = (await header(page, 'List-Unsubscribe').textContent())!.slice(1, -1);
  const res = await request.post(oneClick, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: 'List-Unsubscribe=One-Click', maxRedirects: 0 });
  expect(res.status()).toBe(200);

  // the list shows both changes
  await page.goto(listUrl);
  await expect(page.getByTestId('list-counts')).toContainText('1 active');
  await expect(page.getByTestId('list-counts')).toContainText('2 unsubscribed');
  const recipients = page.getByRole('region', { name: 'Recipients' });
  await expect(recipients.getByRole('row', { name: new RegExp(PEOPLE[0]!) })).toContainText('unsubscribed');
  await expect(recipients.getByRole('row', { name: new RegExp(PEOPLE[1]!) })).toContainText('unsubscribed');
  await expect(recipients.getByRole('row', { name: new RegExp(PEOPLE[2]!) })).toContainText('active');
});

test('an unknown, malformed or someone else\'s outbox message, release email, list or draft is the 404 page', async ({ page, browser }) => {
  // another user's account email: visible in none of this user's projects
  const stranger = await browser.newPage();
  const other = await signUpWithProject(stranger, 'Stranger releases');
  await openOutboxMessage(stranger, other.slug, 'Confirm your email for Shipnote', other.email);
  const strangersMessageId = new URL(stranger.url()).pathname.split('/').pop()!;
  await stranger.close();

  const { slug } = await signUpWithProject(page, 'Acme releases');
  for (const path of [
    `/p/${slug}/outbox/zzz`,
    `/p/${slug}/outbox/00000000-0000-0000-0000-000000000000`,
    `/p/${slug}/outbox/${strangersMessageId}`,
    `/p/${slug}/emails/zzz`,
    `/p/${slug}/emails/${randomUUID()}`,
    `/p/${slug}/lists/zzz`,
    `/p/${slug}/lists/${randomUUID()}`,
    `/p/${slug}/changelogs/zzz`,
    `/p/${slug}/posts/${randomUUID()}`,
    `/p/${slug}/kb/zzz`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText('This page could not be found')).toBeVisible();
  }
});
