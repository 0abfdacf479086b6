/**
 * The products data file and import in real Chromium (the spec's `product/data/file
 * and import`): on products/data, download the data file (the group's product list in the
 * template's shape), rename a product shown in the grid and add a new one, upload the file and
 * see the grid show the new name at once; then a file with two bad rows gets the error file
 * naming them and changes nothing.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR, signIn } from './support/signIn.js';
import { settled } from './support/screen.js';

const HEADER = ['SKU Code', 'Product Name', 'Brand', 'Category', 'Pack Size', 'MRP', 'Status', 'Launch Date'];

async function sheetOf(file: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function xlsxFile(name: string, rows: unknown[][]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Product Data');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  const file = path.join(E2E_DATA_DIR, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

test.describe('products data file and import', () => {
  test.describe.configure({ timeout: 240_000 });

  test('products/data: data file, rename + add by import, shown at once; two bad rows change nothing', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page);
    await page.goto('/workspace/products/data');
    await settled(page);
    const grid = page
      .locator('.ss-widget', { hasText: 'Products' })
      .filter({ has: page.locator('table') })
      .first();
    await expect(grid.locator('tbody tr').first()).toBeVisible({ timeout: 60_000 });
    const code = (await grid.locator('tbody tr').first().locator('td').nth(3).innerText()).trim();

    const panel = page.locator('.ss-widget--uploadPanel').filter({ hasText: 'Product data file' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download Data File' }).click(),
    ]);
    await expect(page.getByText('Sheet Downloaded Successfully.')).toBeVisible();
    const dataFile = path.join(E2E_DATA_DIR, 'products-data.xlsx');
    await download.saveAs(dataFile);
    const rows = await sheetOf(dataFile);
    expect(rows[0]).toEqual(HEADER);
    const mine = rows.find((r) => String(r[0]) === code);
    expect(mine, `the data file lists ${code}`).toBeDefined();

    const renamed = `Renamed in Chromium ${Date.now()}`;
    const newCode = `E2E-${Date.now()}`;
    const good = await xlsxFile('products-good.xlsx', [
      [code, renamed, ...mine!.slice(2)],
      [newCode, 'Added by import', ...mine!.slice(2)],
    ]);
    await panel.locator('input[type=file]').first().setInputFiles(good);
    await expect(panel.getByRole('status').filter({ hasText: '2 rows loaded.' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(grid.locator('tbody tr', { hasText: code }).first()).toContainText(renamed, {
      timeout: 60_000,
    });
    await page.screenshot({ path: path.join(E2E_DATA_DIR, 'products-imported.png'), fullPage: true });

    const bad = await xlsxFile('products-bad.xlsx', [
      [code, 'Must not land', ...mine!.slice(2)],
      [newCode, 'Must not land either', 'No Such Brand', ...mine!.slice(3)],
      [`${newCode}-2`, '', ...mine!.slice(2)],
    ]);
    await panel.locator('input[type=file]').first().setInputFiles(bad);
    const verdict = panel.getByRole('alert').filter({ hasText: '2 rows have errors; nothing was loaded.' });
    await expect(verdict).toBeVisible({ timeout: 60_000 });
    const [errorFile] = await Promise.all([
      page.waitForEvent('download'),
      verdict.getByRole('button', { name: 'Download error file' }).click(),
    ]);
    const errorsPath = path.join(E2E_DATA_DIR, 'products-errors.xlsx');
    await errorFile.saveAs(errorsPath);
    expect((await sheetOf(errorsPath)).slice(1).map((e) => [e[0], e[1], e[3]])).toEqual([
      [3, 'Brand', 'Unknown Brand "No Such Brand".'],
      [4, 'Product Name', 'Required value is missing.'],
    ]);
    await expect(grid.locator('tbody tr', { hasText: code }).first()).toContainText(renamed);
    await expect(grid).not.toContainText('Must not land');
  });
});
