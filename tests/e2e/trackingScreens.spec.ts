/**
 * The elastic trigger on the Process Monitor's Crawl tab (the spec's messages
 * for an empty and a non-numeric submit, then a run that shows and ends Success), and each tracking
 * screen and the Internal Tool opened from the sidebar, with data. Screenshots at 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/signIn.js';

const LONG = { timeout: 30_000 };

async function openFromSidebar(page: Page, area: string, tab: string, url: RegExp): Promise<void> {
  await page.goto('/workspace');
  await page
    .getByRole('navigation', { name: 'Areas' })
    .getByRole('link', { name: area, exact: true })
    .click();
  // A tab holding the screen's counted grid reads 'Mapping 20/460' once its rows are in.
  const named = new RegExp(`^${tab}( \\d+/\\d+)?$`);
  await page.getByRole('tab', { name: named }).click();
  await expect(page).toHaveURL(url, LONG);
}

test('elastic trigger: the spec messages, then a re-index run that shows on the Crawl tab', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page);
  await openFromSidebar(page, 'Process Monitor', 'Crawl', /\/workspace\/processmonitor\/crawl/);
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Initiate Elastic' }) });
  await form.getByRole('button', { name: 'Initiate Elastic' }).click();
  await expect(form.getByText('All fields are Mandatory.').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/ops15-elastic-mandatory.png', fullPage: true });

  await form.getByLabel('Source').selectOption({ label: 'Brand' });
  await form.getByLabel(/^Limit/).fill('ten');
  await form.getByLabel(/^Time Interval/).fill('7');
  await form.getByRole('button', { name: 'Initiate Elastic' }).click();
  await expect(form.getByText('Limit and Time Interval must be valid numbers.').first()).toBeVisible();
  await expect(form.getByText('All fields are Mandatory.')).toHaveCount(0);

  await form.getByLabel(/^Limit/).fill('50');
  await form.getByRole('button', { name: 'Initiate Elastic' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Elastic initiated please check after some time.' }),
  ).toBeVisible(LONG);
  const runs = page
    .locator('.ss-widget, section')
    .filter({ hasText: 'Elastic runs' })
    .locator('table tbody tr');
  await expect(runs.first()).toContainText('brand', LONG);
  await expect(runs.first()).toContainText('Success', { timeout: 120_000 });
  await page.screenshot({ path: 'test-results/ops15-elastic-run.png', fullPage: true });

  // The staff page shows what the run indexed.
  await openFromSidebar(
    page,
    'Internal Tools',
    'Internal Tool',
    /\/workspace\/internal-tools\/internal-tool/,
  );
  await expect(page.locator('table').first().locator('tbody tr').first()).toContainText('fact_', LONG);
  await expect(page.getByText('fact_stock').first()).toBeVisible();
  await expect(page.locator('table').nth(1).locator('tbody tr').first()).toContainText('brand', LONG);
  await page.screenshot({ path: 'test-results/ops15-internal-tool.png', fullPage: true });
});

const SCREENS: [string, RegExp, string | RegExp][] = [
  ['Mapping', /\/tracking\/mapping/, 'Tracked'],
  ['Channel City', /\/tracking\/channelcity/, 'Up To Date'],
  ['Change Detection', /\/tracking\/changedetection/, '→'],
  ['Category Change Detection', /\/tracking\/categorychangedetection/, '→'],
  ['Athena Status', /\/tracking\/athena-status/, /Daily|Monthly/],
  ['Review Sentiments', /\/tracking\/review-sentiments/, /\d+(\.\d+)?%/],
];

test('each tracking screen opens from the sidebar with data', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 1000 });
  await signIn(page);
  for (const [tab, url, text] of SCREENS) {
    await openFromSidebar(page, 'Tracking', tab, url);
    const first = page.locator('table tbody tr').first();
    await expect(first, tab).toContainText(text, LONG);
    await page.screenshot({
      path: `test-results/ops15-tracking-${tab.toLowerCase().replace(/ /g, '-')}.png`,
      fullPage: true,
    });
  }
  // The changed-only filter off: unchanged listings follow the changes.
  await openFromSidebar(page, 'Tracking', 'Change Detection', /\/tracking\/changedetection/);
  await page.getByText('All (unchanged after)').click();
  await expect(page.locator('table tbody tr').first()).toContainText('→', LONG);
  // The analysts' Change Detection screen lists changes first, not 0.00 -> 0.00 rows.
  await page.goto('/workspace/changedetection/data');
  await expect(page.locator('table tbody tr').first()).toContainText('→', LONG);
  await page.screenshot({ path: 'test-results/ops15-changedetection-data.png', fullPage: true });
});
