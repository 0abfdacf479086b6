/**
 * On the channel sales screen, download the template, fill it
 * (exceljs), upload it and see its channel x month in the list and the history; then upload a
 * file with two bad rows, get the error file naming them, and see that nothing changed.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR, signIn } from './support/signIn.js';

const MONTH_LABEL = 'Jan 2026';

async function sheetOf(file: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

test('channel sales: template, upload, list; a file with two bad rows changes nothing', async ({ page }) => {
  // What the page's realtime socket receives: the upload's progress comes this way, not by polling.
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => void frames.push(String(payload))));
  await signIn(page);
  const answer = await page.request.get('/api/v1/sales/data?start_date=2000-01-01&end_date=2100-01-01');
  const skus = ((await answer.json()) as { data: { rows: { sku_code: string }[] } }).data.rows.map(
    (r) => r.sku_code,
  );
  await page.goto('/workspace/sales/channelsales');
  const panel = page.locator('.ss-widget--uploadPanel');
  await expect(panel.getByText('No Data Available').first()).toBeVisible();

  const [template] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download Template' }).click(),
  ]);
  await expect(page.getByText('Downloading the template.')).toBeVisible();
  await expect(page.getByText('Sheet Downloaded Successfully.')).toBeVisible();
  const templateFile = path.join(E2E_DATA_DIR, 'channel-sales-template.xlsx');
  await template.saveAs(templateFile);
  expect(await sheetOf(templateFile)).toEqual([['Channel', 'Sale Date', 'SKU Code', 'Units', 'Revenue']]);

  // Fill the downloaded template as a user would, keeping its header and sheets.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templateFile);
  const sheet = workbook.worksheets[0]!;
  sheet.addRow(['Amazon', '2026-01-05', skus[0], 12, 1200]);
  sheet.addRow(['Amazon', '2026-01-06', skus[1], 8, 640.5]);
  const filled = path.join(E2E_DATA_DIR, 'channel-sales-filled.xlsx');
  await workbook.xlsx.writeFile(filled);

  await expect.poll(() => frames.some((f) => f.includes('socketRegistered'))).toBe(true);
  await panel.locator('input[type=file]').first().setInputFiles(filled);
  await expect(page.getByText('Sheet is uploading.').first()).toBeVisible();
  await expect(panel.getByRole('status').filter({ hasText: '2 rows loaded.' })).toBeVisible();
  const pushed = () => frames.filter((f) => f.includes('"type":"upload"'));
  await expect.poll(() => pushed().some((f) => /"status":"loaded".*"rowsLoaded":2/.test(f))).toBe(true);
  expect(pushed().some((f) => f.includes('"status":"loading"'))).toBe(true);
  const sliceRow = panel.locator('.ss-upload__slices tbody tr');
  await expect(sliceRow).toHaveCount(1);
  await expect(sliceRow).toContainText('Amazon');
  await expect(sliceRow).toContainText(MONTH_LABEL);
  const history = panel.locator('.ss-upload__history tbody tr');
  await expect(history.first()).toContainText('channel-sales-filled.xlsx');
  await expect(history.first()).toContainText('Loaded');
  await page.screenshot({ path: path.join(E2E_DATA_DIR, 'channel-sales-loaded.png'), fullPage: true });

  // Two bad rows among good ones: nothing of the file loads.
  sheet.addRow(['Amazon', '2026-01-32', skus[0], 3, 30]);
  sheet.addRow(['Flipkart', '2026-01-07', 'NO-SUCH-SKU', 'ten', 10]);
  const bad = path.join(E2E_DATA_DIR, 'channel-sales-bad.xlsx');
  await workbook.xlsx.writeFile(bad);
  const lastUpdated = await sliceRow.locator('td').nth(4).innerText();
  await panel.locator('input[type=file]').first().setInputFiles(bad);
  const verdict = panel.getByRole('alert').filter({ hasText: '2 rows have errors; nothing was loaded.' });
  await expect(verdict).toBeVisible();
  const [errorFile] = await Promise.all([
    page.waitForEvent('download'),
    verdict.getByRole('button', { name: 'Download error file' }).click(),
  ]);
  const errorsPath = path.join(E2E_DATA_DIR, 'channel-sales-errors.xlsx');
  await errorFile.saveAs(errorsPath);
  expect(await sheetOf(errorsPath)).toEqual([
    ['Row', 'Column', 'Value', 'Message'],
    [4, 'Sale Date', '2026-01-32', 'Must be a date (YYYY-MM-DD).'],
    [5, 'SKU Code', 'NO-SUCH-SKU', 'Unknown SKU Code "NO-SUCH-SKU".'],
    [5, 'Units', 'ten', 'Must be a whole number.'],
  ]);
  await expect(sliceRow).toHaveCount(1);
  await expect(sliceRow).not.toContainText('Flipkart');
  await expect(sliceRow.locator('td').nth(4)).toHaveText(lastUpdated);
  await expect(history.first()).toContainText('Rejected');
  await page.screenshot({ path: path.join(E2E_DATA_DIR, 'channel-sales-rejected.png'), fullPage: true });
});
