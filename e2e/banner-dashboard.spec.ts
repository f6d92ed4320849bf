import { expect, test } from '@playwright/test';
import { bar, startHostSite } from './banner-host';
import { signUpWithProject } from './helpers';

const SHOTS = 'test-results/banner';

test('a new user writes, previews and publishes a banner, sees it on their site, then schedules and takes it down', async ({ page, browser, baseURL }) => {
  const host = await startHostSite(baseURL!);
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { slug } = await signUpWithProject(page, 'Acme Analytics');
    await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Banner' }).click();
    await expect(page).toHaveURL(new RegExp(`/p/${slug}/banner$`));
    await expect(page.getByTestId('banner-status')).toContainText('Not published yet');

    // the preview follows every keystroke, and the phone layout hides the body
    const preview = page.getByTestId('banner-preview');
    await page.getByLabel('Headline').fill('Dark mode is here');
    await page.getByLabel('Body').fill('Every page now follows your system theme.');
    await page.getByLabel('Link URL').fill('https://acme.example/changelog/dark-mode');
    await page.getByLabel('Button label').fill('See what changed');
    await expect(preview).toContainText('Dark mode is here');
    await expect(preview).toContainText('Every page now follows your system theme.');
    await expect(preview).toContainText('See what changed');
    await expect(preview).toContainText('New');
    await page.getByRole('button', { name: 'Phone' }).click();
    await expect(preview.getByText('Every page now follows your system theme.')).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/dashboard-editor.png`, fullPage: true });
    await page.getByRole('button', { name: 'Desktop' }).click();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status')).toContainText('Published');
    await expect(page.getByTestId('banner-status')).toContainText('Live since');

    // the embed code from the dashboard, pasted into the customer's site
    const embed = (await page.getByTestId('embed-code').textContent())!;
    const key = /data-service-key="([a-z0-9-]+)"/.exec(embed)![1]!;
    expect(embed).toContain(`${baseURL}/widget.js`);
    await expect(page.getByTestId('launcher-code')).toHaveText(
      `<script src="${baseURL}/widget.js" data-service-key="${key}" data-mode="changelog" data-target="#whats-new" async></script>`,
    );
    const site = await page.context().newPage();
    await site.goto(`${host.origin}/pricing?key=${key}&utm_source=mail`);
    await expect(bar(site)).toContainText('Dark mode is here');
    await expect(bar(site).getByRole('link', { name: 'See what changed' })).toHaveAttribute('href', 'https://acme.example/changelog/dark-mode');
    await site.screenshot({ path: `${SHOTS}/dashboard-site.png` });

    // the dashboard lists the page the banner was seen on (no query string): as text until the project
    // names that origin as its site, then as a link
    const pages = page.getByTestId('banner-pages');
    await expect(async () => {
      await page.reload();
      await expect(pages.getByRole('row', { name: new RegExp(`${new URL(host.origin).host}/pricing 1`) })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(pages.getByRole('link', { name: `${host.origin}/pricing` })).toHaveCount(0);
    await pages.getByLabel(/Your sites/).fill(host.origin);
    await pages.getByRole('button', { name: 'Save sites' }).click();
    await expect(pages.getByRole('link', { name: `${host.origin}/pricing` })).toBeVisible();

    // on a phone the history and pages tables scroll inside their cards, never the page
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByTestId('reach-pages')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const card of [page.getByTestId('banner-history'), pages]) {
      const [scroller, box] = [(await card.locator('.table-scroll').first().boundingBox())!, (await card.boundingBox())!];
      expect(scroller.x + scroller.width, 'table right edge').toBeLessThanOrEqual(box.x + box.width);
    }
    await page.screenshot({ path: `${SHOTS}/dashboard-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // a time already past is a mistake, not "now": refused, and the banner stays up
    await page.getByLabel('Take-down time').fill('2020-01-01T10:00');
    await page.getByRole('button', { name: 'Schedule take-down' }).click();
    await expect(page.locator('p.error')).toHaveText('Choose a time in the future, or press Take down now');
    await expect(page.getByTestId('banner-status')).toContainText('Live');
    expect((await page.request.get(`/api/v1/banner?key=${key}`)).status()).toBe(200);

    // schedule a take-down in an hour, then cancel it
    const inAnHour = new Date(Date.now() + 3_600_000);
    const local = new Date(inAnHour.getTime() - inAnHour.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('Take-down time').fill(local);
    await page.getByRole('button', { name: 'Schedule take-down' }).click();
    await expect(page.getByTestId('banner-status')).toContainText('comes down');
    await page.screenshot({ path: `${SHOTS}/dashboard-scheduled.png`, fullPage: true });
    await page.getByRole('button', { name: 'Cancel scheduled take-down' }).click();
    await expect(page.getByTestId('banner-status')).not.toContainText('comes down');
    // the fast path now holds the answer in its cache; a take-down in Next's bundle must clear it at once
    const cached = await page.request.get(`/api/v1/banner?key=${key}`);
    expect(cached.status()).toBe(200);
    expect((await cached.json()).expires_at).toBeNull();

    // take it down now: a new visitor (empty cache) sees no bar
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: 'Take down now' }).click();
    await expect(page.getByTestId('banner-status')).toContainText('Taken down');
    expect((await page.request.get(`/api/v1/banner?key=${key}`)).status()).toBe(404);
    const visitor = await browser.newContext();
    const fresh = await visitor.newPage();
    await fresh.goto(`${host.origin}/pricing?key=${key}`);
    await fresh.waitForLoadState('networkidle');
    await expect(fresh.locator('[data-shipnote-banner]')).toHaveCount(0);
    await visitor.close();
  } finally {
    await host.close();
  }
});

test('the editor shows the server\'s limit errors and keeps the draft', async ({ page }) => {
  const { slug } = await signUpWithProject(page, 'Limits');
  await page.goto(`/p/${slug}/banner`);
  await page.getByLabel('Headline').fill('Launch week');
  await page.getByLabel('Body').fill('Five releases in five days.');
  await page.getByLabel('Link URL').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  // named as the form labels it, not by the API's field name
  // beside the button that was pressed, not at the top of the page
  const form = page.locator('form').filter({ has: page.getByLabel('Headline') });
  await expect(form.getByRole('alert')).toHaveText('Link URL: Must be an http or https URL');
  await expect(page.getByLabel('Headline')).toHaveValue('Launch week');
  await expect(page.getByTestId('banner-status')).toContainText('Not published yet');

  // a headline past its 80 characters is flagged as typed and refused before it is sent
  await page.getByLabel('Link URL').fill('');
  await page.getByLabel('Headline').fill('x'.repeat(83));
  await expect(page.getByLabel('Headline')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('83/80')).toHaveClass('error');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(form.getByRole('alert')).toHaveText('Headline is 3 characters over its limit of 80.');
  // counted as the server counts: spaces around the text are not kept, so they are not flagged
  await page.getByLabel('Headline').fill(`${'x'.repeat(80)}  `);
  await expect(page.getByLabel('Headline')).toHaveAttribute('aria-invalid', 'false');
  await expect(form.getByText('80/80')).toHaveClass('muted');
  await expect(page.getByTestId('banner-status')).toContainText('Not published yet');
});
