import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

/** Signs up a new user through the real pages and creates their first project; returns its slug. */
export async function signUpWithProject(page: Page, projectName = 'Acme web') {
  const email = `e2e-${randomUUID().slice(0, 8)}@example.test`;
  const password = 'correct horse battery';
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/projects\/new$/);
  await page.getByLabel('Project name').fill(projectName);
  await page.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/p\/[a-z0-9-]+\/keys$/);
  const slug = new URL(page.url()).pathname.split('/')[2]!;
  return { email, password, slug };
}

/** Creates an API key on the keys page and returns the token shown once. */
export async function createApiKey(page: Page, slug: string, name = 'e2e key') {
  await page.goto(`/p/${slug}/keys`);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create API key' }).click();
  const token = (await page.getByTestId('new-token').textContent())!.trim();
  expect(token).toMatch(/^service_key_/);
  return token;
}
