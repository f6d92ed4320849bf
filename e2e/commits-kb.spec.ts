import { expect, test } from '@playwright/test';
import { createApiKey, signUpWithProject } from './helpers';

// one word of 130 letters, as a pasted identifier or URL can be: it must wrap, not widen the page
const LONG_TITLE = `ExportAListAsCSV${'x'.repeat(114)}`;

const COMMITS = [
  {
    sha: '1'.repeat(40),
    message:
      'feat(billing)!: invoices in the currency of the customer\n\nInvoices now use the currency set on the customer account.\n\nBREAKING CHANGE: exports list amounts in the invoice currency; convert them before summing.',
    author_name: 'Ada',
    authored_at: '2025-06-03T10:00:00Z',
  },
  {
    sha: '2'.repeat(40),
    message: 'feat(exports): CSV exports of any list (#31)\n\nEvery list has an Export button that downloads a CSV file.',
    author_name: 'Grace',
    authored_at: '2025-06-05T10:00:00Z',
  },
  { sha: '3'.repeat(40), message: 'fix(exports): quote cells that start with =', author_name: 'Ada', authored_at: '2025-06-06T10:00:00Z' },
  { sha: '4'.repeat(40), message: 'chore(deps): bump everything', author_name: 'Ada', authored_at: '2025-06-07T10:00:00Z' },
];

test('commits become a knowledge-base draft beside the changelog and blog post, reviewed and edited in the KB editor, then published and read', async ({ page, request }) => {
  const { slug } = await signUpWithProject(page, 'Ledger app');
  const token = await createApiKey(page, slug, 'CI');
  const pushed = await request.post('/api/v1/commits', { headers: { authorization: `Bearer ${token}` }, data: { commits: COMMITS } });
  expect(await pushed.json()).toEqual({ received: 4, added: 4, duplicates: 0 });

  // the preview: one article per feature or breaking change; the fix and the chore get none
  await page.goto(`/p/${slug}/commits?since=2025-06-01&until=2025-06-30`);
  const preview = page.getByRole('region', { name: 'Knowledge-base draft' });
  await expect(preview.getByRole('heading')).toHaveText('New in June 2025');
  await expect(preview.getByRole('listitem')).toHaveText(['billing Invoices in the currency of the customermigration notes', 'exports CSV exports of any list']);
  await expect(page.getByLabel('Knowledge-base articles (2)')).toBeChecked();
  await page.screenshot({ path: 'test-results/kb-from-commits-preview.png', fullPage: true });

  await page.getByRole('button', { name: 'Generate drafts' }).click();
  await expect(page.getByRole('link', { name: 'Edit changelog draft' })).toBeVisible();
  await page.getByRole('link', { name: 'Review knowledge-base draft' }).click();

  // review and edit in the KB editor: the draft is not public yet
  await expect(page.getByRole('heading', { name: 'Edit article set' })).toBeVisible();
  await expect(page.getByTestId('status')).toHaveText('Draft');
  await expect(page.getByLabel('Title of the set')).toHaveValue('New in June 2025');
  await page.getByLabel('Title of the set').fill('Ledger help: June 2025');
  const breaking = page.getByRole('group', { name: 'Article 1' });
  await expect(breaking.getByLabel('Category')).toHaveValue('billing');
  await breaking.getByLabel('Category').fill('Billing');
  await expect(breaking.getByLabel('Article title')).toHaveValue('Invoices in the currency of the customer');
  const body = breaking.getByLabel('Body (markdown)');
  await expect(body).toHaveValue(/### Migration notes\n\nExports list amounts in the invoice currency; convert them before summing\./);
  await body.fill(`${await body.inputValue()}\nUse the **Currency** column of the export to convert.\n`);
  const feature = page.getByRole('group', { name: 'Article 2' });
  await expect(feature.getByLabel('Category')).toHaveValue('exports');
  await feature.getByLabel('Category').fill('Exports');
  await feature.getByLabel('Article title').fill(LONG_TITLE);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('status')).toHaveText('Published');
  const kbPath = new URL((await page.getByRole('link', { name: 'View public page' }).getAttribute('href'))!).pathname;

  // the public page, as a reader sees it
  await page.goto(kbPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ledger help: June 2025');
  const billing = page.getByRole('region', { name: 'Billing' });
  await billing.getByText('Invoices in the currency of the customer').click();
  await expect(billing.getByRole('heading', { name: 'Migration notes' })).toBeVisible();
  await expect(billing.getByText('Exports list amounts in the invoice currency; convert them before summing.')).toBeVisible();
  await expect(billing.locator('strong', { hasText: 'Currency' })).toBeVisible();
  const exportsRegion = page.getByRole('region', { name: 'Exports' });
  await exportsRegion.getByText(LONG_TITLE).click();
  await expect(exportsRegion.getByText('Every list has an Export button that downloads a CSV file.')).toBeVisible();
  await expect(page.getByText('quote cells')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/kb-from-commits-public.png', fullPage: true });
  // a title of one long word wraps on a phone instead of widening the page
  await page.setViewportSize({ width: 390, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

  const published = await (await request.get(`/api/v1/kb/${kbPath.split('/').pop()}`)).json();
  expect(JSON.parse(published.content).articles.map((a: { category: string; title: string }) => [a.category, a.title])).toEqual([
    ['Billing', 'Invoices in the currency of the customer'],
    ['Exports', LONG_TITLE],
  ]);
});
