/**
 * On a setup dictionary (setup/content, the content template per
 * product and channel): download the template, fill it, upload it and see its channels listed;
 * then upload a file with two bad rows, get the error file naming them, and see nothing changed.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR, signIn } from './support/signIn.js';

async function sheetOf(file: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

test('setup content template: template, upload, list; two bad rows change nothing', async ({ page }) => {
  await signIn(page);
  const answer = await page.request.get('/api/v1/sales/data?start_date=2000-01-01&end_date=2100-01-01');
  const skus = ((await answer.json()) as { data: { rows: { sku_code: string }[] } }).data.rows.map(
    (r) => r.sku_code,
  );
  await page.goto('/workspace/setup/content');
  await expect(page.getByText('Brand Mapping Dictionary', { exact: true })).toBeVisible();
  const panel = page.locator('.ss-widget--uploadPanel');
  await expect(panel.getByText('No Data Available').first()).toBeVisible();

  const [template] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download Template' }).click(),
  ]);
  await expect(page.getByText('Sheet Downloaded Successfully.')).toBeVisible();
  const templateFile = path.join(E2E_DATA_DIR, 'setup-content-template.xlsx');
  await template.saveAs(templateFile);
  expect(await sheetOf(templateFile)).toEqual([
    ['Channel', 'SKU Code', 'Expected Title', 'Minimum Images', 'Minimum Bullet Points', 'A+ Content'],
  ]);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templateFile);
  const sheet = workbook.worksheets[0]!;
  sheet.addRow(['Amazon', skus[0], 'Title one', 6, 5, 1]);
  sheet.addRow(['Flipkart', skus[1], 'Title two', 4, 3, 0]);
  const filled = path.join(E2E_DATA_DIR, 'setup-content-filled.xlsx');
  await workbook.xlsx.writeFile(filled);
  await panel.locator('input[type=file]').first().setInputFiles(filled);
  await expect(panel.getByRole('status').filter({ hasText: '2 rows loaded.' })).toBeVisible();
  const slices = panel.locator('.ss-upload__slices tbody tr');
  await expect(slices).toHaveCount(2);
  await expect(slices.nth(0)).toContainText(/Amazon|Flipkart/);
  await page.screenshot({ path: path.join(E2E_DATA_DIR, 'setup-content-loaded.png'), fullPage: true });

  sheet.addRow(['Amazon', 'NO-SUCH-SKU', 'Title three', 2, 2, 0]);
  sheet.addRow(['Amazon', skus[2], 'Title four', 'many', 2, 0]);
  const bad = path.join(E2E_DATA_DIR, 'setup-content-bad.xlsx');
  await workbook.xlsx.writeFile(bad);
  await panel.locator('input[type=file]').first().setInputFiles(bad);
  const verdict = panel.getByRole('alert').filter({ hasText: '2 rows have errors; nothing was loaded.' });
  await expect(verdict).toBeVisible();
  const [errorFile] = await Promise.all([
    page.waitForEvent('download'),
    verdict.getByRole('button', { name: 'Download error file' }).click(),
  ]);
  const errorsPath = path.join(E2E_DATA_DIR, 'setup-content-errors.xlsx');
  await errorFile.saveAs(errorsPath);
  expect(await sheetOf(errorsPath)).toEqual([
    ['Row', 'Column', 'Value', 'Message'],
    [4, 'SKU Code', 'NO-SUCH-SKU', 'Unknown SKU Code "NO-SUCH-SKU".'],
    [5, 'Minimum Images', 'many', 'Must be a whole number.'],
  ]);
  await expect(slices).toHaveCount(2);
  await expect(panel.locator('.ss-upload__history tbody tr').first()).toContainText('Rejected');
  await page.screenshot({ path: path.join(E2E_DATA_DIR, 'setup-content-rejected.png'), fullPage: true });
});
