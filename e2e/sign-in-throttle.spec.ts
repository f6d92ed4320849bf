import { expect, test } from '@playwright/test';
import { signUpWithProject } from './helpers';

/** One wrong password for `email`, posted as the sign-in form does. */
async function attempt(request: import('@playwright/test').APIRequestContext, email: string, password: string) {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  return request.post('/api/auth/callback/credentials', { form: { csrfToken, email, password, json: 'true' }, maxRedirects: 0 });
}

test('wrong passwords for one account are throttled with 429 and Retry-After; other accounts still sign in, and so does the page', async ({ page, request, browser }) => {
  const owner = await signUpWithProject(page, 'Throttled');
  const victim = `victim-${Date.now()}@example.test`;
  // 5 a minute per account and address, in windows aligned to the minute: the first five pass, and
  // within 12 attempts one is refused whenever the minute turns
  const answers: number[] = [];
  let refused: Awaited<ReturnType<typeof attempt>> | undefined;
  for (let i = 0; i < 12 && !refused; i++) {
    const res = await attempt(request, victim, `wrong-${i}`);
    answers.push(res.status());
    if (res.status() === 429) refused = res;
  }
  expect(answers.slice(0, 5).every((status) => status !== 429)).toBe(true);
  expect(refused, JSON.stringify(answers)).toBeDefined();
  expect(Number(refused!.headers()['retry-after'])).toBeGreaterThan(0);
  expect((await refused!.json()).detail).toMatch(/^Too many attempts, try again in \d+ seconds$/);

  // the owner, on their own account, is not locked out by the attempts on another one
  const fresh = await browser.newContext();
  const signIn = await fresh.newPage();
  await signIn.goto('/signin');
  await signIn.getByLabel('Email').fill(owner.email);
  await signIn.getByLabel('Password').fill(owner.password);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(signIn).toHaveURL(/\/dashboard|\/p\//);

  // the form says why when it is the one throttled
  await signIn.context().clearCookies();
  await signIn.goto('/signin');
  const message = signIn.locator('p.error');
  for (let i = 0; i < 12; i++) {
    await signIn.getByLabel('Email').fill(victim);
    await signIn.getByLabel('Password').fill(`wrong-${i}`);
    // wait for this attempt's answer: the form empties the password when an attempt fails, so typing the
    // next one while this is still pending would leave it empty (and never sent)
    const answered = signIn.waitForResponse((res) => res.url().includes('/api/auth/callback/credentials'));
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    const status = (await answered).status();
    await expect(signIn.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect(message).toBeVisible();
    if (status === 429) break;
  }
  await expect(message).toHaveText(/Too many attempts, try again in \d+ seconds/);
  // a mistyped password costs the password, not the address
  await expect(signIn.getByLabel('Email')).toHaveValue(victim);
  await expect(signIn.getByLabel('Password')).toHaveValue('');
  await fresh.close();
});
