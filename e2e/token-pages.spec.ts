import { expect, test } from '@playwright/test';

// Pages whose URL carries a credential must never hand it to another site in a Referer header.
test('unsubscribe and email-confirmation pages send no Referer and allow no foreign script', async ({ request }) => {
  const unsubscribe = await request.get('/unsubscribe/not-a-real-token');
  expect(unsubscribe.headers()['referrer-policy']).toBe('no-referrer');
  expect(unsubscribe.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(unsubscribe.headers()['x-frame-options']).toBe('DENY');

  const confirm = await request.get('/verify-email/not-a-real-token');
  expect(confirm.headers()['referrer-policy']).toBe('no-referrer');
  const csp = confirm.headers()['content-security-policy']!;
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/https?:\/\//);

  // the dashboard keeps its own policy
  const signin = await request.get('/signin');
  expect(signin.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
});
