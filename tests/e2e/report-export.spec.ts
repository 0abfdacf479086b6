/**
 * A grid's Export runs as a job. The spec's 'Hold On!' /
 * 'File is being generated...' toast shows, progress arrives over the socket, and the file
 * downloads itself when ready.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/signIn.js';

test('grid export: Hold On toast, then the xlsx downloads itself', async ({ page }) => {
  await signIn(page);
  await page.goto('/workspace/stock/data');
  const exportButton = page.getByRole('link', { name: 'Export' }).first();
  await expect(exportButton).toBeVisible();
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await exportButton.click();
  await expect(page.getByText('Hold On!')).toBeVisible();
  await expect(page.getByText('File is being generated...')).toBeVisible();
  await page.screenshot({ path: 'test-results/report-export-hold-on.png' });
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^stock-data-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const path = await file.path();
  expect(path).toBeTruthy();
  // Once nothing is pending the button reads Export again.
  await expect(exportButton).toHaveText('Export');
});
