import { expect, test } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { kpiValue, pickOption, settled } from './support/screen.js';

test.describe('stock screens from JSON config', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('a channel filter changes the KPIs and the grid, and shows a removable tag', async ({ page }) => {
    await page.goto('/workspace/stock/kpi');
    const inStock = kpiValue(page, 'In Stock');
    await expect(inStock).toHaveText(/\d/);
    await settled(page);
    const before = await inStock.textContent();
    const gridBefore = await page.locator('table tbody').first().innerText();

    await pickOption(page, 'Channel', 'Amazon');
    await expect(page.getByLabel('Selected filters')).toContainText('Amazon');
    await expect(inStock).not.toHaveText(before!);
    await settled(page);
    await expect(page.locator('table tbody').first()).not.toHaveText(gridBefore);
    // The view is in the address, so a copied link reopens it.
    expect(new URL(page.url()).searchParams.get('channel_id')).toMatch(/\b1\b/);

    await page.getByRole('button', { name: /Remove Channel Amazon/ }).click();
    await expect(inStock).toHaveText(before!);
  });

  test('a copied link reopens the same view in a fresh tab, over what that tab had stored', async ({
    page,
    context,
  }) => {
    await page.goto('/workspace/stock/kpi');
    await expect(kpiValue(page, 'In Stock')).toHaveText(/\d/);
    await pickOption(page, 'Channel', 'Flipkart');
    await expect(page.getByLabel('Selected filters')).toContainText('Flipkart');
    await settled(page);
    const filtered = await kpiValue(page, 'In Stock').textContent();
    const link = page.url();

    const other = await context.newPage();
    await other.goto('/workspace/stock/kpi');
    await other.evaluate(() => localStorage.clear());
    await other.goto(link);
    await expect(other.getByLabel('Selected filters')).toContainText('Flipkart');
    await expect(kpiValue(other, 'In Stock')).toHaveText(filtered!);
    await other.close();
  });

  test('the active tab reads loaded/total and Show More loads the next page', async ({ page }) => {
    await page.goto('/workspace/stock/data');
    const count = page.getByTestId('tab-count');
    await expect(count).toHaveText(/^10\/\d+$/);
    const total = Number((await count.textContent())!.split('/')[1]);
    expect(total).toBeGreaterThan(10);
    await expect(page.locator('table tbody tr')).toHaveCount(10);
    await page.getByRole('button', { name: 'Show More' }).click();
    await expect(count).toHaveText(`${Math.min(20, total)}/${total}`);
    await expect(page.locator('table tbody tr')).toHaveCount(Math.min(20, total));
  });

  test('sorting a grid column asks the server for that order', async ({ page }) => {
    await page.goto('/workspace/stock/data');
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    const sorted = page.waitForRequest(
      (r) => r.url().includes('/api/v1/stock/data') && r.url().includes('order_by='),
    );
    await page.locator('table thead th button').first().click();
    expect((await sorted).url()).toMatch(/order_type=(asc|desc)/);
  });

  test('the trend chart renders (Vega loaded on demand)', async ({ page }) => {
    await page.goto('/workspace/stock/kpi');
    await expect(page.locator('.vega-embed svg, .vega-embed canvas').first()).toBeVisible({
      timeout: 20_000,
    });
  });
});
