import { randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Webhook } from 'svix';
import { signUpWithProject } from './helpers';

const SHOTS = 'test-results/suppressions';

test('a member sees the suppression list fed by a signed provider webhook and by hand, removes one with a reason, and a send skips the other', async ({ page, request }) => {
  const { slug } = await signUpWithProject(page, 'Bounce check');
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Suppressions' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suppressions');
  await expect(page.getByText('No address is suppressed.')).toBeVisible();

  // Resend's signing secret, pasted once and never shown again
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const resend = page.getByRole('region', { name: 'Resend webhook' });
  await resend.getByLabel('Resend signing secret').fill(secret);
  await resend.getByRole('button', { name: 'Save secret' }).click();
  await expect(resend.getByText(/^Secret set \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(resend.getByLabel('Resend signing secret')).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Mailgun webhook' })).toContainText('Not set up');
  expect(await page.content()).not.toContain(secret);

  // the provider reports a spam complaint, signed as Svix signs it
  const path = new URL((await page.getByTestId('resend-url').textContent())!).pathname;
  expect(path).toBe(`/api/webhooks/email/resend/${slug}`);
  const body = JSON.stringify({ type: 'email.complained', created_at: new Date().toISOString(), data: { email_id: randomUUID(), to: ['angry@example.com'] } });
  const id = `msg_${randomUUID()}`;
  const now = new Date();
  const headers = { 'content-type': 'application/json', 'svix-id': id, 'svix-timestamp': String(Math.floor(now.getTime() / 1000)), 'svix-signature': new Webhook(secret).sign(id, now, body) };
  const delivered = await request.post(path, { headers, data: body });
  expect(delivered.status()).toBe(200);
  expect(await delivered.json()).toEqual({ status: 'suppressed', suppressed: 1 });
  const forged = await request.post(path, { headers: { ...headers, 'svix-signature': 'v1,' + Buffer.alloc(32).toString('base64') }, data: body });
  expect(forged.status()).toBe(401);

  // and one address added by hand
  await page.getByLabel('Suppress an address').fill('Typo@Example.com');
  await page.getByRole('button', { name: 'Suppress', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('typo@example.com is suppressed');

  await page.reload();
  const table = page.getByRole('table', { name: 'Suppressed addresses' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /angry@example\.com/ })).toContainText('Spam complaint');
  await expect(table.getByRole('row', { name: /angry@example\.com/ })).toContainText('resend');
  await expect(table.getByRole('row', { name: /typo@example\.com/ })).toContainText('Added by hand');
  await page.screenshot({ path: `${SHOTS}/list.png`, fullPage: true });

  // removal needs a reason
  await page.getByRole('button', { name: 'Remove typo@example.com' }).click();
  // blanks are no reason: refused in the address's own row, where it was typed
  await page.getByLabel('Reason to remove typo@example.com').fill('   ');
  await table.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(table.getByRole('row', { name: /typo@example\.com/ }).getByRole('alert')).toHaveText('A reason for the removal is required');
  await expect(page.getByRole('alert').filter({ hasText: 'reason' })).toHaveCount(1);
  await page.getByLabel('Reason to remove typo@example.com').fill('Address corrected by the customer');
  await page.screenshot({ path: `${SHOTS}/removing.png`, fullPage: true });
  await table.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('typo@example.com was taken off the list');
  await expect(table.getByRole('row')).toHaveCount(2);
  const removed = page.getByRole('table', { name: 'Removed suppressions' });
  await expect(removed.getByRole('row', { name: /typo@example\.com/ })).toContainText('Address corrected by the customer');

  // it stays so after a reload: the list is the server's
  await page.reload();
  await expect(page.getByRole('table', { name: 'Suppressed addresses' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Removed suppressions' })).toContainText('Address corrected by the customer');
  await page.screenshot({ path: `${SHOTS}/removed.png`, fullPage: true });

  // a release email to a list holding both: the complained address is skipped and the report says why
  await page.goto(`/p/${slug}/lists`);
  await page.getByLabel('List name').fill('Customers');
  await page.getByRole('button', { name: 'Create list' }).click();
  await page.getByRole('link', { name: 'Customers' }).click();
  await page.getByText('Add addresses').click();
  await page.getByLabel('Addresses').fill('angry@example.com\ntypo@example.com');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByTestId('list-counts')).toContainText('2 active');
  await page.goto(`/p/${slug}/changelogs`);
  await page.getByRole('link', { name: 'New changelog' }).click();
  await page.getByLabel('Title', { exact: true }).fill('Autumn release');
  await page.getByLabel('Content (markdown)').fill('## Added\n\n- Suppression list');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('status')).toHaveText('Published');
  await page.goto(`/p/${slug}/emails`);
  await page.getByRole('button', { name: 'New release email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a release email' });
  await dialog.getByLabel('Item').selectOption({ label: 'Autumn release' });
  await dialog.getByLabel('List').selectOption({ label: 'Customers (2 active)' });
  await expect(dialog.getByTestId('send-audience')).toHaveText('Customers: 1 of 2 active recipients will receive it (1 on the suppression list).');
  await dialog.getByRole('button', { name: 'Send to 1 recipients' }).click();
  await expect(page.getByText('Done: 2 of 2')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('suppressed-counts')).toHaveText('1 suppressed (1 spam complaint)');
  await expect(page.getByRole('row', { name: /angry@example\.com/ })).toContainText('Suppressed: the recipient reported an email as spam');
  await expect(page.getByRole('row', { name: /typo@example\.com/ })).toContainText('sent');
  await page.screenshot({ path: `${SHOTS}/send-report.png`, fullPage: true });
});
