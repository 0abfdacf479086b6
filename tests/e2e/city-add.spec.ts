/**
 * The city list of master/data_settings in real Chromium (pincode and city lists
 * "export / import / add"): an imported list shows in the City list grid at once, the Add City
 * overlay refuses an empty submit with '<Field> can not be empty', and an added city shows in
 * the grid without a reload.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR, signIn } from './support/signIn.js';
import { settled } from './support/screen.js';

test.describe('city list: import and add', () => {
  test.describe.configure({ timeout: 240_000 });

  test('master/data_settings: import shows in the grid, Add City adds a row shown at once', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page);
    await page.goto('/workspace/master/data_settings');
    await settled(page);
    const grid = page.locator('.ss-widget', { hasText: 'City list' }).filter({ has: page.locator('table') });

    // The import replaces the Amazon and Flipkart lists, so a run can be repeated.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('City List');
    sheet.addRow(['Channel', 'City', 'Stores Tracked']);
    sheet.addRow(['Amazon', 'Mumbai', 10]);
    sheet.addRow(['Flipkart', 'Delhi', 4]);
    const file = path.join(E2E_DATA_DIR, 'cities.xlsx');
    await workbook.xlsx.writeFile(file);
    const panel = page.locator('.ss-widget--uploadPanel').filter({ hasText: 'Cities tracked per channel' });
    await panel.locator('input[type=file]').first().setInputFiles(file);
    await expect(panel.getByRole('status').filter({ hasText: '2 rows loaded.' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(grid.locator('tbody tr', { hasText: 'Delhi' })).toContainText('Flipkart', {
      timeout: 60_000,
    });
    await expect(grid.locator('tbody tr', { hasText: 'Mumbai' })).toHaveCount(1);

    await page.getByRole('button', { name: 'Add City' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add City' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toContainText('Channel can not be empty');
    await dialog.locator('#root_channel_name').fill('Flipkart');
    await dialog.locator('#root_city_name').fill('Mumbai');
    await dialog.locator('#root_stores_tracked').fill('12');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toHaveCount(0, { timeout: 60_000 });
    const added = grid.locator('tbody tr', { hasText: 'Mumbai' }).filter({ hasText: 'Flipkart' });
    await expect(added).toContainText('12', { timeout: 60_000 });
    await expect(grid.locator('tbody tr', { hasText: 'Mumbai' })).toHaveCount(2);
    await page.screenshot({ path: path.join(E2E_DATA_DIR, 'city-added.png'), fullPage: true });
  });
});
