/**
 * Grids with tick boxes in real Chromium (docs/write-half.md "Bulk actions"):
 * products/data lets a user tick up to 20 products; the 21st tick is refused with the spec's
 * 'You can select a maximum of 20 products at a time.'; Favourite on two ticked products marks
 * both in one call and the grid shows it without a reload.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/signIn.js';
import { settled } from './support/screen.js';

const CAP = 'You can select a maximum of 20 products at a time.';

test.describe('bulk actions on ticked grid rows', () => {
  test.describe.configure({ timeout: 240_000 });
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page);
  });

  test('products/data: tick up to 20, the 21st is refused; favourite two at once', async ({ page }) => {
    await page.goto('/workspace/products/data');
    await settled(page);
    const grid = page
      .locator('.ss-widget', { hasText: 'Products' })
      .filter({ has: page.locator('table') })
      .first();
    const bar = grid.getByRole('toolbar', { name: 'Actions on ticked rows' });
    await expect(bar).toContainText('0 selected (max 20)', { timeout: 60_000 });
    // Three pages of 10: tick 20 rows, then a 21st.
    for (let shown = 10; shown < 30; shown += 10) {
      await grid.getByRole('button', { name: 'Show More' }).click();
      await expect(grid.locator('tbody tr')).toHaveCount(shown + 10, { timeout: 60_000 });
    }
    const boxes = grid.locator('tbody input[type="checkbox"]');
    for (let i = 0; i < 20; i++) await boxes.nth(i).check();
    await expect(bar).toContainText('20 selected (max 20)');
    await boxes.nth(20).click();
    await expect(grid.getByRole('alert')).toHaveText(CAP);
    await expect(boxes.nth(20)).not.toBeChecked();
    await page.screenshot({ path: 'test-results/bulk-cap.png', fullPage: true });

    // Clear, tick two shown products that are not favourites yet (the sort by id keeps them in
    // view after the write), and favourite both in one call.
    await bar.getByRole('button', { name: 'Clear' }).click();
    await expect(bar).toContainText('0 selected');
    const plain = grid
      .locator('tbody tr')
      .filter({ has: page.getByRole('cell', { name: 'No', exact: true }) });
    const codes: string[] = [];
    for (const i of [0, 1]) {
      const row = plain.nth(i);
      codes.push((await row.locator('td').nth(3).innerText()).trim());
    }
    for (const code of codes)
      await grid.locator('tbody tr', { hasText: code }).locator('input[type="checkbox"]').check();
    await expect(bar).toContainText('2 selected (max 20)');
    await bar.getByRole('button', { name: 'Favourite', exact: true }).click();
    await expect(grid.getByText('Products Marked As Favourite')).toBeVisible({ timeout: 60_000 });
    await expect(bar).toContainText('0 selected');
    for (const code of codes) {
      const row = grid.locator('tbody tr', { hasText: code }).first();
      await expect(row.getByRole('cell', { name: 'Favourite', exact: true })).toBeVisible({
        timeout: 60_000,
      });
    }
    await page.screenshot({ path: 'test-results/bulk-favourite.png', fullPage: true });
  });
});

test.describe('product and detection writes', () => {
  test.describe.configure({ timeout: 240_000 });
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page);
  });

  test('products/data: add a product with its status, see it, open its detail', async ({ page }) => {
    // A brand and category of the group, as the grid shows them.
    const answer = await page.context().request.get('/api/v1/products', {
      params: { start_date: '2000-01-01', end_date: '2099-12-31', limit: 1 },
    });
    const [sample] = ((await answer.json()) as { data: { rows: Record<string, string>[] } }).data.rows;
    // Starts with a digit, so the grid sorted by SKU code (ascending) shows it first.
    const code = `0-E2E-${Date.now()}`;
    await page.goto('/workspace/products/data');
    await settled(page);
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Product' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    // An empty submit names the first missing field in the spec's pattern.
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toContainText('SKU Code can not be empty');
    await dialog.locator('#root_sku_code').fill(code);
    await dialog.locator('#root_sku_name').fill('E2E Oats 1 kg');
    await dialog.locator('#root_brand_name').fill(sample!.brand_name!);
    await dialog.locator('#root_category_name').fill(sample!.category_name!);
    await dialog.locator('#root_pack_size').fill('1 kg');
    await dialog.locator('#root_mrp').fill('245');
    await dialog.locator('#root_product_status').selectOption({ label: 'In-Active' });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toHaveCount(0, { timeout: 60_000 });

    const grid = page
      .locator('.ss-widget', { hasText: 'Products' })
      .filter({ has: page.locator('table') })
      .first();
    await grid.getByRole('button', { name: /SKU code/ }).click();
    const row = grid.locator('tbody tr', { hasText: code });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row.getByRole('cell', { name: 'In-Active', exact: true })).toBeVisible();
    await page.screenshot({ path: 'test-results/product-added.png', fullPage: true });

    await row.getByRole('button', { name: 'Detail' }).click();
    const detail = page.getByRole('dialog', { name: 'Product Detail' });
    await expect(detail.locator('#root_sku_name')).toHaveValue('E2E Oats 1 kg', { timeout: 30_000 });
    await detail.locator('#root_product_status').selectOption({ label: 'Active' });
    await detail.getByRole('button', { name: 'Save' }).click();
    await expect(detail).toHaveCount(0, { timeout: 60_000 });
    const saved = grid.locator('tbody tr', { hasText: code });
    await expect(saved.getByRole('cell', { name: 'Active', exact: true })).toBeVisible({ timeout: 60_000 });
  });
});
