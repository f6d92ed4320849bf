import { expect, test } from '@playwright/test';

// Pages whose URL carries a credential must never hand it to another site in a Referer header, and
// next.config.ts's global headers must not replace their own policy (they did for the unsubscribe page).
const STRICT_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

test('the unsubscribe page answers no-referrer and its strict CSP, for GET and POST', async ({ request }) => {
  for (const response of [await request.get('/unsubscribe/not-a-real-token'), await request.post('/unsubscribe/not-a-real-token')]) {
    expect(response.status()).toBe(404);
    const headers = response.headers();
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['content-security-policy']).toBe(STRICT_CSP);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cache-control']).toBe('no-store');
  }
});

test('the email-confirmation page answers no-referrer and a CSP that allows only our own code', async ({ request, page }) => {
  const confirm = await request.get('/verify-email/not-a-real-token');
  expect(confirm.headers()['referrer-policy']).toBe('no-referrer');
  const csp = confirm.headers()['content-security-policy']!;
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).not.toMatch(/https?:\/\//);
  expect(await confirm.text()).toContain('<meta name="referrer" content="no-referrer"');
  // the page still works under its policy
  await page.goto('/verify-email/not-a-real-token');
  await expect(page.getByRole('heading', { name: 'Link not valid' })).toBeVisible();
});

test('the OAuth consent page keeps its own policy: no Referer to other sites, nothing but inline style', async ({ request }) => {
  const consent = await request.get('/oauth/authorize?ticket=not-a-real-ticket');
  const headers = consent.headers();
  // same-origin, not no-referrer: the consent form's CSRF check reads the Origin that no-referrer blanks
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['content-security-policy']).toContain("default-src 'none'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['cache-control']).toBe('no-store');
});

test('the dashboard keeps the global policy', async ({ request }) => {
  const signin = await request.get('/signin');
  expect(signin.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(signin.headers()['x-frame-options']).toBe('DENY');
});

test('the subscription pages answer no-referrer and the strict CSP, the global headers do not replace it', async ({ request }) => {
  for (const [response, status] of [
    [await request.get('/subscribe/confirm/not-a-real-token'), 404],
    // not from the page itself (no Origin, no Sec-Fetch-Site): refused before the token is looked up
    [await request.post('/subscribe/confirm/not-a-real-token'), 403],
    [await request.post('/pub/no-such-project/subscribe', { form: { email: 'a@example.com' } }), 404],
  ] as const) {
    expect(response.status()).toBe(status);
    const headers = response.headers();
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['content-security-policy']).toBe(STRICT_CSP);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cache-control']).toBe('no-store');
  }
});
