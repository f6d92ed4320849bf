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

test('sign out, then sign in from a deep link, lands on the page asked for', async ({ page }) => {
  const { email, password, slug } = await signUpWithProject(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/p/${slug}/keys`);
  await expect(page).toHaveURL(new RegExp(`/signin\\?callbackUrl=%2Fp%2F${slug}%2Fkeys$`));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // back on the page they asked for, not only its project
  await expect(page).toHaveURL(new RegExp(`/p/${slug}/keys$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API keys');
});

test('a new user sent to sign in comes back where they started after sign-up and a first project', async ({ page }) => {
  await page.goto('/signin?callbackUrl=%2Fdocs%2Fapi');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Email').fill(`e2e-back-${Date.now()}@example.test`);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/projects\/new\?callbackUrl=%2Fdocs%2Fapi$/);
  await page.getByLabel('Project name').fill('Came back');
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
});

test('a callback to another site is ignored', async ({ page }) => {
  await page.goto('/signup?callbackUrl=%2F%2Fevil.example%2Fphish');
  await page.getByLabel('Email').fill(`e2e-evil-${Date.now()}@example.test`);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/projects\/new$/);
});

test.describe('on 127.0.0.1 rather than localhost', () => {
  test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}` });

  test('signing out stays on the origin in use, so signing in again keeps the session there', async ({ page }) => {
    const { email, password, slug } = await signUpWithProject(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`http://127.0.0.1:${process.env.E2E_PORT ?? 3210}/`);
    await page.goto(`/p/${slug}/keys`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`http://127.0.0.1:${process.env.E2E_PORT ?? 3210}/p/${slug}/keys`);
  });
});
