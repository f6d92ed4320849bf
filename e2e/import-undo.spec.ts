import { expect, test, type Page } from '@playwright/test';
import { signUpWithProject } from './helpers';

test.use({ viewport: { width: 1280, height: 900 } });

/** A new user's project with one new list, its page open. */
async function openNewList(page: Page, name: string) {
  await signUpWithProject(page, 'Newsroom');
  await page.getByRole('link', { name: 'Mailing lists' }).click();
  await page.getByLabel('List name').fill(name);
  await page.getByRole('button', { name: 'Create list' }).click();
  await page.getByRole('link', { name }).click();
}

test('an import restores statuses from a file, finishes with the tab gone, and is undone as a batch', async ({ page }) => {
  await openNewList(page, 'Customers');
  await expect(page).toHaveURL(/\/lists\/[0-9a-f-]{36}$/);
  const listUrl = page.url();
  await page.getByText('Add addresses').click();
  await page.getByLabel('Addresses').fill('ada@example.com, bob@example.com, carol@example.com');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByTestId('list-counts')).toContainText('3 active');

  await page.getByText('Import a CSV').click();
  const csv = [
    'email,name,status',
    'ada@example.com,,removed',
    'bob@example.com,,unsubscribed',
    'carol@example.com,Carol Shaw,active',
    'dan@example.com,Dan,',
    'eve@example.com,,removed',
  ].join('\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'restore.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByTestId('import-summary')).toHaveText('5 rows: 1 to create, 1 to update, 2 status to change, 1 skipped. Nothing has been written yet.');
  await expect(preview.getByRole('row', { name: /ada@example.com/ })).toContainText('status: active → removed');
  await expect(preview.getByRole('row', { name: /bob@example.com/ })).toContainText('unsubscribed is final');
  await expect(preview.getByRole('row', { name: /carol@example.com/ })).toContainText('name: — → Carol Shaw');
  await expect(preview.getByRole('row', { name: /eve@example.com/ })).toContainText('not on the list');
  await expect(preview).toContainText('3 now, 2 after the import (limit 500)');
  await preview.screenshot({ path: 'test-results/import-preview.png' });

  // Import, then leave as soon as the server took the job: it finishes on its own
  await Promise.all([
    page.waitForResponse((res) => res.url().includes('recipientImports.start') && res.ok()),
    preview.getByRole('button', { name: 'Import 4 rows' }).click(),
  ]);
  await page.goto('about:blank');
  await page.goto(listUrl);
  const recent = page.getByRole('region', { name: 'Recent imports' });
  await expect(recent.getByRole('row', { name: /restore\.csv/ })).toContainText('Imported');
  await expect(recent.getByRole('row', { name: /restore\.csv/ })).toContainText('1 created, 1 updated, 2 status changed, 1 skipped');
  await expect(page.getByTestId('list-counts')).toContainText('2 active');
  await expect(page.getByTestId('list-counts')).toContainText('1 removed');
  await expect(page.getByTestId('list-counts')).toContainText('1 unsubscribed');
  await page.screenshot({ path: 'test-results/import-recent.png', fullPage: true });

  // Undo: back as it was, except the unsubscribe, which nothing reverses
  page.once('dialog', (dialog) => dialog.accept());
  await recent.getByRole('button', { name: 'Undo' }).click();
  await expect(recent.getByRole('row', { name: /restore\.csv/ })).toContainText('Undone');
  await expect(recent.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect(page.getByTestId('list-counts')).toContainText('2 active');
  await expect(page.getByTestId('list-counts')).toContainText('1 removed');
  await expect(page.getByTestId('list-counts')).toContainText('1 unsubscribed');
  const rows = page.getByRole('region', { name: 'Recipients' }).getByRole('row');
  await expect(rows.filter({ hasText: 'ada@example.com' })).toContainText('active');
  await expect(rows.filter({ hasText: 'carol@example.com' })).not.toContainText('Carol Shaw');
  await expect(rows.filter({ hasText: 'dan@example.com' })).toContainText('removed');
  await expect(rows.filter({ hasText: 'bob@example.com' })).toContainText('unsubscribed');
});

test('the import panel itself shows the outcome and undoes it', async ({ page }) => {
  await openNewList(page, 'Readers');
  await page.getByText('Import a CSV').click();
  await page.getByLabel('CSV file').setInputFiles({ name: 'new.csv', mimeType: 'text/csv', buffer: Buffer.from('email\nx@example.com\ny@example.com') });
  await page.getByRole('region', { name: 'Import preview' }).getByRole('button', { name: 'Import 2 rows' }).click();
  const outcome = page.getByTestId('import-outcome');
  await expect(outcome).toContainText('Import of new.csv finished: 2 created.');
  await expect(page.getByTestId('list-counts')).toContainText('2 active');
  await page.screenshot({ path: 'test-results/import-outcome.png', fullPage: true });
  page.once('dialog', (dialog) => dialog.accept());
  await outcome.getByRole('button', { name: 'Undo this import' }).click();
  await expect(outcome).toContainText('Import of new.csv undone: 0 put back as they were, 2 added by it removed.');
  await expect(page.getByTestId('list-counts')).toContainText('0 active');
  await expect(page.getByTestId('list-counts')).toContainText('2 removed');
});

test.describe('in a browser whose time zone and language are not the server\'s', () => {
  test.use({ timezoneId: 'Pacific/Auckland', locale: 'de-DE' });

  test('the list page with an import renders on the server and hydrates without a mismatch', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await openNewList(page, 'Abroad');
    await page.getByText('Import a CSV').click();
    await page.getByLabel('CSV file').setInputFiles({ name: 'abroad.csv', mimeType: 'text/csv', buffer: Buffer.from('email\nz@example.com') });
    await page.getByRole('region', { name: 'Import preview' }).getByRole('button', { name: 'Import 1 row', exact: true }).click();
    await expect(page.getByTestId('import-outcome')).toContainText('finished');

    problems.length = 0;
    await page.reload();
    const recent = page.getByRole('region', { name: 'Recent imports' });
    await expect(recent.getByRole('row', { name: /abroad\.csv/ })).toContainText('Imported');
    // the started time in the browser's own time zone, not the server's
    const started = recent.getByRole('row', { name: /abroad\.csv/ }).locator('time');
    const iso = (await started.getAttribute('datetime'))!;
    await expect(started).toHaveText(new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Pacific/Auckland' }));
    await page.waitForLoadState('networkidle');
    expect(problems.filter((text) => /hydrat|#418|#425|did not match/i.test(text))).toEqual([]);
  });
});

for (const width of [1280, 390]) {
  test(`at ${width} px the preview and the recent imports stay inside their cards, the page does not scroll sideways`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openNewList(page, 'Wide');
    await page.getByText('Import a CSV').click();
    const csv = [
      'email,name,external_id,status,attributes',
      'dan.with.a.very.long.address.indeed@subdomain.example.com,Dan,crm-000123456789,,"{""company"":""A very long company name Ltd"",""plan"":""enterprise""}"',
      'not-an-email,,,,',
      'eve@example.com,,,removed,',
    ].join('\n');
    const file = 'a-rather-long-file-name-from-the-crm-export-2026-11-25.csv';
    await page.getByLabel('CSV file').setInputFiles({ name: file, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = page.getByRole('region', { name: 'Import preview' });
    await expect(preview.getByTestId('import-summary')).toBeVisible();
    const inside = async (inner: ReturnType<typeof page.locator>, outer: ReturnType<typeof page.locator>) => {
      const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
      expect(a.x + a.width, 'right edge').toBeLessThanOrEqual(b.x + b.width + 0.5);
    };
    const card = page.locator('details.card', { has: preview });
    await inside(preview, card);
    await inside(page.getByLabel('CSV file'), card);
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await sideways()).toBe(0);
    await preview.getByRole('button', { name: 'Import 1 row', exact: true }).click();
    await expect(page.getByTestId('import-outcome')).toContainText('finished');
    const recent = page.getByRole('region', { name: 'Recent imports' });
    await expect(recent.getByRole('row', { name: /rather-long/ })).toContainText('Imported');
    await inside(recent.getByRole('table'), recent);
    await inside(recent.getByRole('button', { name: 'Undo' }), recent);
    await inside(page.getByRole('region', { name: 'Recipients' }).getByRole('table'), page.getByRole('region', { name: 'Recipients' }));
    expect(await sideways()).toBe(0);
    await page.screenshot({ path: `test-results/import-${width}.png`, fullPage: true });
  });
}
