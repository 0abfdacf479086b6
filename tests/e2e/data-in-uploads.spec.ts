/**
 * Two more upload screens in real Chromium: master/data_settings (its pincode
 * list, one of three panels on the screen) and manualUploads/uploadChartData. On each: download
 * the template, fill it, upload it and see its slices listed; then upload a file with two bad
 * rows, get the error file naming them, and see nothing changed.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR, signIn } from './support/signIn.js';

async function sheetOf(file: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

interface ScreenCase {
  name: string;
  url: string;
  /** The panel's title (a screen may hold several upload panels). */
  panel: string;
  header: string[];
  good: unknown[][];
  /** Slice labels listed after the good file, in any order. */
  slices: string[];
  bad: unknown[][];
  errors: unknown[][];
}

const CASES: ScreenCase[] = [
  {
    name: 'data-settings-pincodes',
    url: '/workspace/master/data_settings',
    panel: 'Pincodes per city',
    header: ['City', 'Pincode', 'Area'],
    good: [
      ['Mumbai', 400001, 'Fort'],
      ['Mumbai', 400002, 'Kalbadevi'],
      ['Delhi', 110001, 'Connaught Place'],
    ],
    slices: ['Mumbai', 'Delhi'],
    bad: [
      ['Delhi', 110002, 'Daryaganj'],
      ['Atlantis', 110003, 'Nowhere'],
      ['Delhi', 1100, 'Short'],
    ],
    errors: [
      [6, 'City', 'Atlantis', 'Unknown City "Atlantis".'],
      [7, 'Pincode', '1100', 'Must be at least 100000.'],
    ],
  },
  {
    name: 'chart-data',
    url: '/workspace/manualUploads/uploadChartData',
    panel: 'Chart data points per chart, period and series',
    header: ['Chart', 'Period', 'Series', 'Value'],
    good: [
      ['Market Share Trend', '2026-10-01', 'Demo Brand', 18.4],
      ['Market Share Trend', '2026-11-01', 'Demo Brand', 19.1],
      ['Price Index', '2026-10-01', 'Category', 101.5],
    ],
    slices: ['Market Share Trend', 'Price Index'],
    bad: [
      ['Price Index', '2026-11-01', 'Category', 99],
      ['Price Index', '2026-13-01', 'Category', 98],
      ['Price Index', '2026-12-01', 'Category', 'high'],
    ],
    errors: [
      [6, 'Period', '2026-13-01', 'Must be a date (YYYY-MM-DD).'],
      [7, 'Value', 'high', 'Must be a number.'],
    ],
  },
];

async function templateOf(page: Page, c: ScreenCase) {
  const panel = page.locator('.ss-widget--uploadPanel').filter({ hasText: c.panel });
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download Template' }).click(),
  ]);
  await expect(page.getByText('Sheet Downloaded Successfully.')).toBeVisible();
  const file = path.join(E2E_DATA_DIR, `${c.name}-template.xlsx`);
  await template.saveAs(file);
  return { panel, file };
}

for (const c of CASES) {
  test(`${c.url}: template, upload, list; two bad rows change nothing`, async ({ page }) => {
    await signIn(page);
    await page.goto(c.url);
    const { panel, file } = await templateOf(page, c);
    expect(await sheetOf(file)).toEqual([c.header]);
    await expect(panel.getByText('No Data Available').first()).toBeVisible();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    for (const row of c.good) sheet.addRow(row);
    const filled = path.join(E2E_DATA_DIR, `${c.name}-filled.xlsx`);
    await workbook.xlsx.writeFile(filled);
    await panel.locator('input[type=file]').first().setInputFiles(filled);
    await expect(panel.getByRole('status').filter({ hasText: '3 rows loaded.' })).toBeVisible();
    const slices = panel.locator('.ss-upload__slices tbody tr');
    await expect(slices).toHaveCount(c.slices.length);
    for (const label of c.slices) await expect(slices.filter({ hasText: label })).toHaveCount(1);
    await page.screenshot({ path: path.join(E2E_DATA_DIR, `${c.name}-loaded.png`), fullPage: true });

    for (const row of c.bad) sheet.addRow(row);
    const bad = path.join(E2E_DATA_DIR, `${c.name}-bad.xlsx`);
    await workbook.xlsx.writeFile(bad);
    await panel.locator('input[type=file]').first().setInputFiles(bad);
    const verdict = panel.getByRole('alert').filter({ hasText: '2 rows have errors; nothing was loaded.' });
    await expect(verdict).toBeVisible();
    const [errorFile] = await Promise.all([
      page.waitForEvent('download'),
      verdict.getByRole('button', { name: 'Download error file' }).click(),
    ]);
    const errorsPath = path.join(E2E_DATA_DIR, `${c.name}-errors.xlsx`);
    await errorFile.saveAs(errorsPath);
    expect(await sheetOf(errorsPath)).toEqual([['Row', 'Column', 'Value', 'Message'], ...c.errors]);
    await expect(slices).toHaveCount(c.slices.length);
    await expect(panel.locator('.ss-upload__history tbody tr').first()).toContainText('Rejected');
    await page.screenshot({ path: path.join(E2E_DATA_DIR, `${c.name}-rejected.png`), fullPage: true });
  });
}
