import { expect, test } from '@playwright/test';
import { createApiKey, signUpWithProject } from './helpers';

test('sign up, create a project and an API key, then the key works on /me', async ({ page, request }) => {
  const { email, slug } = await signUpWithProject(page, 'Launch site');
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveValue(slug);

  const token = await createApiKey(page, slug, 'CI deploys');
  await expect(page.getByRole('row', { name: /CI deploys/ })).toContainText(token.slice(0, 18));

  const me = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email, first_name: 'Ada', is_active: true, is_verified: false });

  // the key list shows it was used, and revoking it makes the next call fail
  await page.reload();
  await expect(page.getByRole('row', { name: /CI deploys/ })).not.toContainText('Never');
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('row', { name: /CI deploys/ }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('row', { name: /CI deploys/ })).toHaveCount(0);
  const after = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
});

test('sign out and sign in again lands on the dashboard', async ({ page }) => {
  const { email, password, slug } = await signUpWithProject(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/p/${slug}/keys`);
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // the shell sends the user back to the project they asked for
  await expect(page).toHaveURL(new RegExp(`/p/${slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
