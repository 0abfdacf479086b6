/**
 * Issue 15: the process monitor's Search (1) and Display (2) triggers in Chromium. The admin starts
 * a Search crawl of Amazon's result pages and a Display crawl of Zepto's category listings from
 * the Crawl tab; both runs show their trigger and reach Success in the Recent runs grid.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/signIn.js';

test('Search and Display crawls start from the Crawl tab and succeed', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto('/workspace/processmonitor/crawl');
  const form = page.locator('section', { has: page.getByRole('heading', { name: 'Start a crawl' }) });
  const recent = page.locator('section', { has: page.getByRole('heading', { name: 'Recent runs' }) });
  for (const [channel, trigger] of [
    ['Amazon (web, HTML)', 'Search'],
    ['Zepto (app, JSON)', 'Display'],
  ] as const) {
    await form.getByLabel('Channel').selectOption({ label: channel });
    await form.getByLabel('Trigger').selectOption({ label: trigger });
    await form.getByRole('button', { name: 'Start Crawl' }).click();
    await expect(page.getByText('Crawl initiated: follow it on the Process Status tab.')).toBeVisible();
    const newest = recent.locator('table tbody tr').first();
    await expect(newest).toContainText(trigger);
    await expect(newest).toContainText('Success', { timeout: 120_000 });
  }
  await page.screenshot({ path: 'test-results/listing-crawl.png', fullPage: true });
});
