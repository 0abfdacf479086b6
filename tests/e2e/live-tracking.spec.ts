/**
 * Live Tracking in Chromium: the admin fills the live-tracking template with
 * three advertised Amazon listings and imports it on tracking/livetracking, starts a Live Tracking
 * crawl (type 5) from the process monitor, sees the run succeed, and reads each listing's live
 * status next to today's ad spend on advertising/live_tracking, whose Spend tile is the grid's sum.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR, signIn } from './support/signIn.js';
import { settled } from './support/screen.js';

type Row = Record<string, string | number>;
const EVER = 'start_date=2000-01-01&end_date=2100-01-01';

async function rowsOf(page: Page, url: string): Promise<Row[]> {
  const answer = await page.request.get(`/api/v1/${url}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { rows: Row[] } }).data.rows;
}

/** '₹1,234.50', '₹1.2k', '₹3.4L' -> the number as shown. */
function shown(text: string): number {
  const m = /(-?[\d,]+(?:\.\d+)?)\s*(Cr|L|[kKmMbB]?)/.exec(text);
  if (!m) throw new Error(`no number in "${text}"`);
  const scale: Record<string, number> = { '': 1, k: 1e3, m: 1e6, b: 1e9, l: 1e5, cr: 1e7 };
  return Number(m[1]!.replace(/,/g, '')) * scale[m[2]!.toLowerCase()]!;
}

test('import a live-tracking list, crawl it live from the process monitor, read it next to the ads', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);

  // Three Amazon listings the brand advertises, each in a city the marketplace serves it in.
  const advertised = await rowsOf(page, `ams/asin/analysis?${EVER}&ams_channel_id=1&limit=3`);
  expect(advertised).toHaveLength(3);
  const lines: string[][] = [];
  for (const a of advertised) {
    const [city] = await rowsOf(page, `city/stock/status?${EVER}&channel_id=1&product_id=${a.product_id}`);
    lines.push(['Amazon', String(a.asin), String(city!.city_name)]);
  }

  await page.goto('/workspace/tracking/livetracking');
  const panel = page.locator('.ss-widget--uploadPanel');
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download Template' }).click(),
  ]);
  const templateFile = path.join(E2E_DATA_DIR, 'live-tracking-template.xlsx');
  await template.saveAs(templateFile);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templateFile);
  for (const line of lines) workbook.worksheets[0]!.addRow(line);
  const filled = path.join(E2E_DATA_DIR, 'live-tracking-list.xlsx');
  await workbook.xlsx.writeFile(filled);
  await panel.locator('input[type=file]').first().setInputFiles(filled);
  await expect(panel.getByRole('status').filter({ hasText: '3 rows loaded.' })).toBeVisible();
  const listGrid = page.locator('.ss-widget--grid').filter({ hasText: 'Live-tracked listings' });
  await page.reload();
  await settled(page);
  await expect(listGrid.locator('tbody tr')).toHaveCount(3);
  await expect(listGrid.locator('tbody tr').first()).toContainText('Not Checked');

  await page.goto('/workspace/processmonitor/crawl');
  await page.getByLabel('Channel').selectOption({ label: 'Amazon (web, HTML)' });
  await page.getByLabel('Crawl Type').selectOption({ label: 'Live Tracking' });
  await page.getByRole('button', { name: 'Start Crawl' }).click();
  await expect(page.getByText('Crawl initiated: follow it on the Process Status tab.')).toBeVisible();
  await page.goto('/workspace/processmonitor/process_status');
  const newest = page.locator('table tbody tr').first();
  await expect(newest).toContainText('Live Tracking');
  await expect(newest).toContainText('Success', { timeout: 120_000 });
  await expect(newest).toContainText(/Live check at \d\d:\d\d IST/);
  await page.screenshot({ path: 'test-results/live-process-status.png', fullPage: true });

  await page.goto('/workspace/tracking/livetracking');
  await settled(page);
  await expect(listGrid.locator('tbody tr')).toHaveCount(3);
  await expect(listGrid).not.toContainText('Not Checked');
  await page.screenshot({ path: 'test-results/live-tracking-list.png', fullPage: true });

  await page.goto('/workspace/advertising/live_tracking');
  await settled(page);
  const adGrid = page.locator('.ss-widget--grid');
  for (const [, asin] of lines) {
    const row = adGrid.locator('tbody tr').filter({ hasText: asin! });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(/In Stock|Out Of Stock|Unavailable/);
    await expect(row).toContainText(/\d\d:\d\d/);
  }
  // The Spend tile is the grid's sum.
  const runs = await page.request.get('/api/v1/processmonitor/process_status?limit=1');
  const day = ((await runs.json()) as { data: { crawl_date: string }[] }).data[0]!.crawl_date;
  // The first tile is Spend (kpiValue's label prefix would also match 'Spend While Out Of Stock').
  await expect(page.locator('.ss-kpi__label').first()).toContainText('Spend');
  // The tile's full figure (its hover title when it shows the short form '₹4.0k').
  const value = page.locator('.ss-kpi__value').first();
  const tile = shown((await value.getAttribute('title')) ?? (await value.textContent())!);
  const today = await rowsOf(page, `ams/livetracking/listings?start_date=${day}&end_date=${day}&limit=50`);
  expect(today.length).toBeGreaterThanOrEqual(3);
  const sum = today.reduce((a, r) => a + Number(r.spend), 0);
  expect(Math.abs(tile - sum)).toBeLessThanOrEqual(Math.max(1, sum * 0.01));
  await expect(
    page.locator('.ss-widget--chart .ss-chart canvas, .ss-widget--chart .ss-chart svg').first(),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/live-advertising.png', fullPage: true });
});
