import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs/promises';
import { signUpWithProject } from './helpers';

const HEADER = 'email,name,external_id,status,created_at,status_changed_at,attributes';

async function upload(page: Page, name: string, csv: string) {
  await page.getByText('Import a CSV').click();
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

async function openNewList(page: Page, name: string) {
  const { slug } = await signUpWithProject(page, 'Newsroom');
  await page.getByRole('link', { name: 'Mailing lists' }).click();
  await expect(page.getByRole('heading', { name: 'Mailing lists' })).toBeVisible();
  await page.getByLabel('List name').fill(name);
  await page.getByRole('button', { name: 'Create list' }).click();
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  return slug;
}

test('a new user creates a list, imports a CSV after a preview, searches, removes, exports and re-imports', async ({ page }) => {
  const { slug } = await signUpWithProject(page, 'Newsroom');
  await page.getByRole('link', { name: 'Mailing lists' }).click();

  // create, with the API's errors shown inline
  await page.getByLabel('List name').fill('   ');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('form', { name: 'New list' }).getByRole('alert')).toHaveText('Name must not be blank');
  await page.getByLabel('List name').fill('Customers');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('row', { name: /Customers/ })).toContainText('0 / 500');
  await page.getByLabel('List name').fill('customers');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('form', { name: 'New list' }).getByRole('alert')).toHaveText('A list named "Customers" already exists in this project');

  await page.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(new RegExp(`/p/${slug}/lists/[0-9a-f-]{36}$`));

  // paste two addresses and a typo
  await page.getByText('Add addresses').click();
  await page.getByLabel('Addresses').fill('grace@example.com, old@example.com\nnot-an-address');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByRole('status')).toHaveText('Added 2, already on the list or unsubscribed 0, not valid: not-an-address.');
  await expect(page.getByTestId('list-counts')).toContainText('2 active');

  // import: preview first, nothing written until Import
  await upload(
    page,
    'people.csv',
    [
      'email,name,external_id,attributes',
      'ada@example.com,Ada Lovelace,crm-1,"{""plan"":""pro""}"',
      'grace@example.com,Grace Hopper,crm-2,',
      'alan@example.com,Alan Turing,,',
      'bad-address,Nobody,,',
    ].join('\n'),
  );
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByTestId('import-summary')).toHaveText('4 rows: 2 to create, 1 to update, 1 skipped. Nothing has been written yet.');
  await expect(preview.getByRole('row', { name: /bad-address/ })).toContainText('Skipped: not a valid email address');
  await expect(preview.getByRole('row', { name: /grace@example.com/ })).toContainText('name: — → Grace Hopper');
  await expect(preview).toContainText('2 now, 4 after the import (limit 500)');
  await expect(page.getByTestId('list-counts')).toContainText('2 active');
  await preview.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(page.getByTestId('import-outcome')).toContainText('Import of people.csv finished: 2 created, 1 updated, 1 skipped.');
  await expect(page.getByTestId('list-counts')).toContainText('4 active');

  // search, then remove one
  await page.getByLabel('Search recipients').fill('LOVELACE');
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByRole('region', { name: 'Recipients' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('ada@example.com');
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Remove ada@example.com' }).click();
  await expect(page.getByTestId('list-counts')).toContainText('3 active');
  await expect(page.getByTestId('list-counts')).toContainText('1 removed');
  await expect(rows.nth(1)).toContainText('removed');
  await page.getByLabel('Search recipients').fill('');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('tab', { name: 'Removed' }).click();
  await expect(rows).toHaveCount(2);
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(rows).toHaveCount(5);

  // export everything
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('Customers-recipients.csv');
  const csv = await fs.readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(HEADER);
  expect(lines).toHaveLength(5);
  expect(csv).toContain('ada@example.com,Ada Lovelace,crm-1,removed,');
  expect(csv).toMatch(/grace@example\.com,Grace Hopper,crm-2,active,[^,]+\+00:00,,\r\n/);

  // importing the export back changes nothing: the removed row stays removed, the rest is unchanged
  await page.getByLabel('CSV file').setInputFiles({ name: 'back.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(preview.getByTestId('import-summary')).toHaveText('4 rows: 4 unchanged. Nothing has been written yet.');
  await expect(preview.getByRole('row', { name: /ada@example.com/ })).toContainText('Unchanged');
  await expect(preview.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('list-counts')).toContainText('3 active');
  await expect(page.getByTestId('list-counts')).toContainText('1 removed');

  // pasted from a mail client: names around the addresses, and one address twice
  if (!(await page.getByLabel('Addresses').isVisible())) await page.getByText('Add addresses').click();
  await page.getByLabel('Addresses').fill('"Major, Mary" <mary@example.com>\nMARY@example.com, Alan Turing <alan@example.com>');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toHaveText('Added 1, already on the list or unsubscribed 1, repeated in the paste 1.');
  await expect(page.getByTestId('list-counts')).toContainText('4 active');
});

test('the import preview shows the 500 cap before anything is written, and a large file imports in one server-side job', async ({ page }) => {
  await openNewList(page, 'Big list');
  const addresses = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}@example.com`);

  await upload(page, 'too-many.csv', ['email', ...addresses('many', 501)].join('\n'));
  const preview = page.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByRole('alert')).toContainText('0 now, 501 after the import (limit 500). This import would bring the list to 501 active recipients; a list holds at most 500.');
  await expect(preview.getByRole('button', { name: 'Import 501 rows' })).toBeDisabled();
  await expect(page.getByTestId('list-counts')).toContainText('0 active');

  // a paste longer than one request goes in parts of 1,000: the cap's message names the part it is about
  if (!(await page.getByLabel('Addresses').isVisible())) await page.getByText('Add addresses').click();
  await page.getByLabel('Addresses').fill([...Array.from({ length: 1000 }, (_, i) => `typo${i}-at-example.com`), ...addresses('paste', 600)].join('\n'));
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'pasted' })).toHaveText(
    'Addresses 1,001 to 1,600 of the 1,600 distinct addresses pasted were not added: This batch would bring the list to 600 active recipients; a list holds at most 500',
  );
  // what the first part did is said beside it, its thousand typos not printed whole
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toHaveText(
    `Added 0, already on the list or unsubscribed 0, not valid: ${Array.from({ length: 10 }, (_, i) => `typo${i}-at-example.com`).join(', ')} and 990 more.`,
  );
  await expect(page.getByTestId('list-counts')).toContainText('0 active');

  // 480 new addresses among 1500 rows: one upload, one job on the server, the bar shown while it runs
  const rows = [...addresses('big', 480), ...Array.from({ length: 1020 }, (_, i) => `typo${i}-at-example.com`)];
  await page.getByLabel('CSV file').setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(['email', ...rows].join('\n')) });
  await expect(preview.getByTestId('import-summary')).toContainText('1500 rows: 480 to create, 1020 skipped');
  await expect(preview).toContainText('1300 more rows.');
  await preview.getByRole('button', { name: 'Show more rows' }).click();
  await expect(preview).toContainText('1100 more rows.');
  await page.evaluate(() => {
    const seen: number[] = ((window as unknown as { progressSeen: number[] }).progressSeen = []);
    new MutationObserver(() => {
      const bar = document.querySelector('progress');
      if (bar) seen.push(Number(bar.getAttribute('value')));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const uploads: string[] = [];
  page.on('request', (req) => req.url().includes('recipientImports') && req.method() === 'POST' && uploads.push(req.url()));
  await preview.getByRole('button', { name: 'Import 480 rows' }).click();
  await expect(page.getByTestId('import-outcome')).toContainText('finished: 480 created, 1020 skipped');
  expect(uploads.filter((u) => u.includes('start'))).toHaveLength(1);
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  expect(seen.length).toBeGreaterThan(0);
  expect(Math.max(...seen)).toBeLessThanOrEqual(1500);
  await expect(page.getByTestId('list-counts')).toContainText('480 active');
});

test('a list named with 100 unbroken characters never widens a page, an editor or a form', async ({ page }) => {
  const name = 'X'.repeat(100);
  const slug = await openNewList(page, name);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits(), 'the list page').toBe(true);
  // an empty file is refused before it is sent
  await upload(page, 'empty.csv', '');
  await expect(page.getByRole('alert').filter({ hasText: 'empty' })).toHaveText('empty.csv is empty: export a list, or write a header row and one address per line');
  // the same name again, in another case, is refused with the name as it was written first
  await page.goto(`/p/${slug}/lists`);
  await page.getByLabel('List name').fill(name.toLowerCase());
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('form', { name: 'New list' }).getByRole('alert')).toHaveText(`A list named "${name}" already exists in this project`);
  expect(await fits(), 'the lists page with the error').toBe(true);
  // the editors offer the list as a release email target
  await page.goto(`/p/${slug}/changelogs/new`);
  await expect(page.getByRole('combobox', { name: 'Then email' })).toBeVisible();
  expect(await fits(), 'the changelog editor').toBe(true);
});

test('a recipient is edited in its row, a taken external ID is refused, and a removed one is restored', async ({ page }) => {
  await openNewList(page, 'Team');
  await page.getByText('Add addresses').click();
  await page.getByLabel('Addresses').fill('ada@example.com, alan@example.com');
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByTestId('list-counts')).toContainText('2 active');
  const recipients = page.getByRole('region', { name: 'Recipients' });

  // a name and a first external ID
  await page.getByRole('button', { name: 'Edit ada@example.com' }).click();
  const ada = page.getByRole('form', { name: 'Edit ada@example.com' });
  await ada.getByLabel('Name').fill('Ada Lovelace');
  await ada.getByLabel('External ID').fill('crm-1');
  await ada.getByRole('button', { name: 'Save' }).click();
  await expect(recipients.getByRole('row', { name: /ada@example.com/ })).toContainText('Ada Lovelace');
  await expect(recipients.getByRole('row', { name: /ada@example.com/ })).toContainText('crm-1');

  // the same ID for another recipient is the API's conflict, shown in the form; nothing changes
  await page.getByRole('button', { name: 'Edit alan@example.com' }).click();
  const alan = page.getByRole('form', { name: 'Edit alan@example.com' });
  await alan.getByLabel('External ID').fill('crm-1');
  await alan.getByRole('button', { name: 'Save' }).click();
  await expect(alan.getByRole('alert')).toHaveText('External ID crm-1 belongs to another recipient of this list');
  await alan.getByRole('button', { name: 'Cancel' }).click();
  await expect(recipients.getByRole('row', { name: /alan@example.com/ })).not.toContainText('crm-1');

  // an ID once set is shown, not edited; clearing the name saves
  await page.getByRole('button', { name: 'Edit ada@example.com' }).click();
  await expect(ada.getByLabel('External ID')).toHaveValue('crm-1');
  await expect(ada.getByLabel('External ID')).not.toBeEditable();
  await ada.getByLabel('Name').fill('');
  await ada.getByRole('button', { name: 'Save' }).click();
  await expect(recipients.getByRole('row', { name: /ada@example.com/ })).not.toContainText('Ada Lovelace');

  // removed by mistake, then restored with its external ID
  page.once('dialog', (dialog) => dialog.accept());
  await page.getByRole('button', { name: 'Remove ada@example.com' }).click();
  await expect(page.getByTestId('list-counts')).toContainText('1 removed');
  await page.getByRole('button', { name: 'Restore ada@example.com' }).click();
  await expect(page.getByTestId('list-counts')).toContainText('2 active');
  await expect(page.getByTestId('list-counts')).toContainText('0 removed');
  await expect(recipients.getByRole('row', { name: /ada@example.com/ })).toContainText('active');
  await expect(recipients.getByRole('row', { name: /ada@example.com/ })).toContainText('crm-1');
});
